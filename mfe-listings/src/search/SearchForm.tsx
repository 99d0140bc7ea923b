/**
 * The search form of the listing pages (spec section 5): location, price, property type, beds, baths, size and
 * keyword, and on /active-listings the Status filter (for sale by default; sold ones only when asked); 'custom'
 * in a dropdown reveals a free input used instead. Submitting hands the filters to the page,
 * which puts them in the URL query.
 *
 * On a phone the form is the location and 'Filters (n)', which opens the other fields: all of them one under the
 * other filled two screens before the first listing. From 640 px every field shows, as before.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, mq, theme, useOnLaterChange } from '@gta/shared';
import { CUSTOM_FILTER_VALUE, EMPTY_LISTING_SEARCH, hasListingSearch, listingStatusFilterOf, type ListingSearchFilters } from '@gta/shared/listing-search';
import { SelectField, TextField } from '@gta/shared/fields';
import { BATHS_OPTIONS, BEDS_OPTIONS, PRICE_OPTIONS, PROPERTY_TYPE_OPTIONS, SQFT_OPTIONS, STATUS_OPTIONS, type FilterOption } from './filters';

/** Below the grid's two columns (mq.sm): where the fields beside the location fold under 'Filters'. */
const PHONE = `@media (max-width: ${theme.breakpoint.sm - 0.02}px)`;

/** The keyword's length limit as typed (each word adds a condition to the search formula). */
export const KEYWORD_MAX_LENGTH = 120;

export interface SearchFormProps {
  filters: ListingSearchFilters;
  onSearch: (filters: ListingSearchFilters) => void;
  onClear: () => void;
  busy?: boolean;
  /** The form's accessible name. */
  label?: string;
  /** Shows the Status filter (for sale, all, sold only). */
  statusFilter?: boolean;
}

type ChoiceFilter = 'price' | 'propertyType' | 'beds' | 'baths' | 'sqft';

/** A dropdown of the form and the free field its 'custom' choice reveals under it (a number or a text). */
interface ChoiceFilterField {
  key: ChoiceFilter;
  custom: `${ChoiceFilter}Custom`;
  label: string;
  anyLabel: string;
  options: readonly FilterOption[];
  customLabel: string;
  customType: 'number' | 'text';
}

const CHOICE_FILTERS: readonly ChoiceFilterField[] = [
  {
    key: 'price',
    custom: 'priceCustom',
    label: 'Price',
    anyLabel: 'Any price',
    options: PRICE_OPTIONS,
    customLabel: 'Maximum price (CAD)',
    customType: 'number',
  },
  {
    key: 'propertyType',
    custom: 'propertyTypeCustom',
    label: 'Property type',
    anyLabel: 'Any type',
    options: PROPERTY_TYPE_OPTIONS,
    customLabel: 'Describe the property type',
    customType: 'text',
  },
  { key: 'beds', custom: 'bedsCustom', label: 'Bedrooms', anyLabel: 'Any beds', options: BEDS_OPTIONS, customLabel: 'Minimum bedrooms', customType: 'number' },
  {
    key: 'baths',
    custom: 'bathsCustom',
    label: 'Bathrooms',
    anyLabel: 'Any baths',
    options: BATHS_OPTIONS,
    customLabel: 'Minimum bathrooms',
    customType: 'number',
  },
  { key: 'sqft', custom: 'sqftCustom', label: 'Size', anyLabel: 'Any size', options: SQFT_OPTIONS, customLabel: 'Maximum size (sq ft)', customType: 'number' },
];

/** The free field's input: a number from 0 in any step, or text. */
const customInput = (type: 'number' | 'text') =>
  type === 'number'
    ? ({ type, inputMode: 'decimal', min: 0, step: 'any' } as const)
    : ({ type, inputMode: undefined, min: undefined, step: undefined } as const);

export function SearchForm({ filters, onSearch, onClear, busy = false, label = 'Search properties', statusFilter = false }: SearchFormProps) {
  const [draft, setDraft] = useState<ListingSearchFilters>(filters);
  const filtersKey = JSON.stringify(filters);
  // the URL changed (Back, a shared link, a reset): show what is being searched. Not as the form mounts: the draft
  // starts from these filters, and what the visitor typed before hydration (adopted by the fields) must stay.
  useOnLaterChange(filtersKey, () => setDraft(filters));
  const set = (key: Exclude<keyof ListingSearchFilters, 'status'>) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const setStatus = (value: string) => setDraft((d) => ({ ...d, status: listingStatusFilterOf(value) }));
  const changed = (f: ListingSearchFilters) => hasListingSearch(f) || (statusFilter && f.status !== '');
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const moreSet = filtersBesideLocation(draft, statusFilter);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      css={{
        background: theme.color.paper,
        border: `1px solid ${theme.color.stone}`,
        borderRadius: theme.radius.md,
        boxShadow: theme.shadow.card,
        padding: theme.space.lg,
        [mq.md]: { padding: theme.space.xl },
      }}
    >
      <div
        css={{
          display: 'grid',
          gap: theme.space.md,
          gridTemplateColumns: 'minmax(0, 1fr)',
          [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [mq.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: theme.space.lg },
        }}
      >
        <div css={{ [mq.sm]: { gridColumn: 'span 2' } }}>
          <TextField
            label="Location"
            type="search"
            value={draft.location}
            onChange={set('location')}
            adoptTyped
            placeholder="City, street, postal code or property ID"
            autoComplete="off"
            reserveMessageLine={false}
          />
        </div>
        <button
          type="button"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((open) => !open)}
          css={{
            justifySelf: 'start',
            display: 'none',
            [PHONE]: { display: 'inline-flex' },
            alignItems: 'center',
            gap: theme.space.xs,
            minHeight: 44,
            padding: 0,
            border: 0,
            background: 'none',
            color: theme.color.ink,
            font: 'inherit',
            fontSize: theme.fontSize.sm,
            fontWeight: 600,
            letterSpacing: '0.08em',
            textTransform: 'uppercase',
            cursor: 'pointer',
            textDecoration: 'underline',
            textUnderlineOffset: '0.3em',
            textDecorationColor: theme.color.bronze,
          }}
        >
          Filters{moreSet > 0 ? ` (${moreSet})` : ''}
          <svg
            aria-hidden="true"
            width="12"
            height="12"
            viewBox="0 0 12 12"
            css={{ transition: `transform ${theme.motion.fast}`, transform: moreOpen ? 'rotate(180deg)' : 'none' }}
          >
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
        <div
          id={moreId}
          data-testid="more-filters"
          css={{
            // from 640 px its fields are the grid's own; below, shown when opened, one field under the other
            display: 'contents',
            [PHONE]: { display: moreOpen ? 'grid' : 'none', gap: theme.space.md },
          }}
        >
          {/* what was typed or picked in the server's HTML before hydration becomes the draft's (adoptTyped) */}
          {CHOICE_FILTERS.map((filter) => (
            <SelectField
              key={filter.key}
              label={filter.label}
              value={draft[filter.key]}
              onChange={set(filter.key)}
              adoptTyped
              placeholder={filter.anyLabel}
              options={filter.options}
              reserveMessageLine={false}
              custom={{
                option: CUSTOM_FILTER_VALUE,
                place: 'under',
                label: filter.customLabel,
                ...customInput(filter.customType),
                value: draft[filter.custom],
                onChange: set(filter.custom),
                adoptTyped: true,
                reserveMessageLine: false,
              }}
            />
          ))}
          {statusFilter ? (
            <SelectField label="Status" value={draft.status} onChange={setStatus} adoptTyped options={STATUS_OPTIONS} reserveMessageLine={false} />
          ) : null}
          <div css={statusFilter ? { [mq.sm]: { gridColumn: 'span 2' }, [mq.lg]: { gridColumn: '1 / -1' } } : undefined}>
            <TextField
              label="Keyword"
              value={draft.keyword}
              onChange={set('keyword')}
              adoptTyped
              placeholder="Pool, ravine, view…"
              maxLength={KEYWORD_MAX_LENGTH}
              hint="Every word is looked for in the name, address, neighbourhood, description and features."
              reserveMessageLine={false}
            />
          </div>
        </div>
      </div>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space.md, justifyContent: 'flex-end', marginTop: theme.space.lg }}>
        {changed(filters) || changed(draft) ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(EMPTY_LISTING_SEARCH);
              onClear();
            }}
          >
            Clear
          </Button>
        ) : null}
        <Button type="submit" disabled={busy} css={{ minWidth: 180, [PHONE]: { flexBasis: '100%' } }}>
          {busy ? 'Searching...' : 'Search'}
        </Button>
      </div>
    </form>
  );
}

/** How many filters other than the location are set (the phone's 'Filters (n)'). */
export function filtersBesideLocation(filters: ListingSearchFilters, statusFilter: boolean): number {
  const set = (value: string) => (value.trim() !== '' ? 1 : 0);
  return (
    set(filters.price) +
    set(filters.propertyType) +
    set(filters.beds) +
    set(filters.baths) +
    set(filters.sqft) +
    set(filters.keyword) +
    (statusFilter && filters.status !== '' ? 1 : 0)
  );
}
