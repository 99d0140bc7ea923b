/**
 * The search form of the listing pages (spec section 5, issue 38): results first, so the form is a compact bar.
 *
 * From 1024 px one row: the location box (suggestions as the visitor types: LocationBox), a minimum and a maximum
 * price, beds and baths minimums, 'More filters (n)' and Search. 'More filters' opens the rest under the bar: the
 * property type, a size range, garage spaces, the lot, waterfront, pool, ravine, new listings of the last 7 days,
 * on /active-listings the Status filter, and the keyword. On a phone the form is the location and 'Filters (n)',
 * which opens every other field. Once the visitor turns to the form, the homes on offer are read in compact form
 * (facets.ts): the price and size steps fit them, and each choice says how many homes it leaves (where that is
 * cheap to know). Submitting hands the filters to the page, which puts them in the URL query.
 */
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button, formatDecimal, formatPrice, mq, theme, toNumber, useOnLaterChange } from '@gta/shared';
import {
  CUSTOM_FILTER_VALUE,
  EMPTY_LISTING_SEARCH,
  FILTER_ON,
  NEW_LISTING_DAYS,
  hasListingSearch,
  listingStatusFilterOf,
  type ListingSearchFilters,
} from '@gta/shared/listing-search';
import { CheckboxField, SelectField, TextField } from '@gta/shared/fields';
import {
  BATHS_OPTIONS,
  BEDS_OPTIONS,
  GARAGE_OPTIONS,
  LOT_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  STATUS_OPTIONS,
  maxPriceOptions,
  maxSqftOptions,
  minPriceOptions,
  minSqftOptions,
  withValue,
  type FilterOption,
} from './filters';
import { useChoiceCounter, useFacets } from './facets';
import { LocationBox } from './LocationBox';
import { suggestLocations } from './locationSuggestions';

/** Below the grid's two columns (mq.sm): where the fields beside the location fold under 'Filters'. */
const PHONE = `@media (max-width: ${theme.breakpoint.sm - 0.02}px)`;
/** From the tablet's two columns up (the 'More filters' button's widths). */
const NOT_PHONE = mq.sm;

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
  /**
   * Each choice says how many homes it leaves, counted over the listings of the Status filter (for sale by default),
   * and the location box suggests their locations. Off where the page lists other homes than those (the featured
   * page: the featured ones, sold included): nothing is read then.
   */
  counts?: boolean;
}

type FilterKey = Exclude<keyof ListingSearchFilters, 'status'>;

/** The free input's attributes: a number from 0 in any step, or text. */
const customInput = (type: 'number' | 'text') =>
  type === 'number'
    ? ({ type, inputMode: 'decimal', min: 0, step: 'any' } as const)
    : ({ type, inputMode: undefined, min: undefined, step: undefined } as const);

/** An option's label with the homes it leaves: 'From $2M (31)'. */
const counted = (label: string, n: number | null | undefined) => (n === null || n === undefined ? label : `${label} (${n})`);

const numbersOf = (records: readonly Readonly<Record<string, unknown>>[], field: string) =>
  records.map((r) => toNumber(r[field])).filter((n): n is number => n !== null);

const disclosureCss = {
  display: 'inline-flex',
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
  textTransform: 'uppercase' as const,
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '0.3em',
  textDecorationColor: theme.color.bronze,
  whiteSpace: 'nowrap' as const,
};

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="12"
      height="12"
      viewBox="0 0 12 12"
      css={{ transition: `transform ${theme.motion.fast}`, transform: open ? 'rotate(180deg)' : 'none' }}
    >
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

export function SearchForm({ filters, onSearch, onClear, busy = false, label = 'Search properties', statusFilter = false, counts = true }: SearchFormProps) {
  const [draft, setDraft] = useState<ListingSearchFilters>(filters);
  const filtersKey = JSON.stringify(filters);
  // the URL changed (Back, a shared link, a reset): show what is being searched. Not as the form mounts: the draft
  // starts from these filters, and what the visitor typed before hydration (adopted by the fields) must stay.
  useOnLaterChange(filtersKey, () => setDraft(filters));
  const set = (key: FilterKey) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const setStatus = (value: string) => setDraft((d) => ({ ...d, status: listingStatusFilterOf(value) }));
  const changed = (f: ListingSearchFilters) => hasListingSearch(f) || (statusFilter && f.status !== '');
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(() => filtersBehindMore(filters, statusFilter) > 0);
  const phoneId = useId();
  const moreId = useId();
  const besideLocation = filtersBesideLocation(draft, statusFilter);
  const behindMore = filtersBehindMore(draft, statusFilter);

  // the homes on offer, read once the visitor turns to the form
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  // without counts (the featured page) nothing is read: its suggestions would be of other homes than it lists
  const facets = useFacets(wanted && counts, statusFilter ? draft.status : '');
  const counter = useChoiceCounter(facets, draft);
  const count = counts ? counter : null;
  const fitted = counts && facets && !facets.truncated ? facets : null;
  const prices = useMemo(() => (fitted ? numbersOf(fitted.records, 'Price') : []), [fitted]);
  const sizes = useMemo(() => (fitted ? numbersOf(fitted.records, 'Size (sq ft)') : []), [fitted]);
  const suggest = (typed: string) => (facets ? suggestLocations(facets.locations, typed) : []);

  /** A select's options, each with the homes it leaves, and the value a link carries kept. */
  const choices = (key: FilterKey, options: readonly FilterOption[], valueLabel: (v: string) => string = (v) => v) =>
    withValue(options, draft[key], valueLabel).map((o) =>
      o.value === CUSTOM_FILTER_VALUE ? o : { ...o, label: counted(o.label, count?.({ [key]: o.value })) },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  const select = (key: FilterKey, fieldLabel: string, anyLabel: string, options: FilterOption[], custom?: { label: string; type: 'number' | 'text' }) => (
    <SelectField
      key={key}
      label={fieldLabel}
      value={draft[key]}
      onChange={set(key)}
      adoptTyped
      placeholder={anyLabel}
      options={options}
      reserveMessageLine={false}
      custom={
        custom
          ? {
              option: CUSTOM_FILTER_VALUE,
              place: 'under',
              label: custom.label,
              ...customInput(custom.type),
              value: draft[`${key}Custom` as FilterKey],
              onChange: set(`${key}Custom` as FilterKey),
              adoptTyped: true,
              reserveMessageLine: false,
            }
          : undefined
      }
    />
  );

  const toggle = (key: 'waterfront' | 'pool' | 'ravine' | 'listedWithin', text: string, on: string = FILTER_ON) => (
    <CheckboxField key={key} label={counted(text, count?.({ [key]: on }))} checked={draft[key] === on} onChange={(checked) => set(key)(checked ? on : '')} />
  );

  const priceLabel = (v: string) => formatPrice(Number(v));
  const sqftLabel = (v: string) => `${formatDecimal(Number(v))} sq ft`;

  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      onFocus={want}
      onPointerEnter={want}
      css={{
        background: theme.color.paper,
        border: `1px solid ${theme.color.stone}`,
        borderRadius: theme.radius.md,
        boxShadow: theme.shadow.card,
        padding: theme.space.md,
        [mq.md]: { padding: `${theme.space.md} ${theme.space.lg}` },
      }}
    >
      <div
        css={{
          display: 'grid',
          gap: theme.space.md,
          alignItems: 'end',
          gridTemplateColumns: 'minmax(0, 1fr)',
          [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [mq.lg]: {
            gridTemplateColumns: 'minmax(14rem, 2.2fr) repeat(2, minmax(7.5rem, 1fr)) repeat(2, minmax(6.5rem, 1fr)) auto auto',
            columnGap: theme.space.md,
          },
        }}
      >
        <div css={{ [mq.sm]: { gridColumn: 'span 2' }, [mq.lg]: { gridColumn: 'auto' } }}>
          <LocationBox
            value={draft.location}
            onChange={set('location')}
            onPick={(location) => {
              const next = { ...draft, location };
              setDraft(next);
              onSearch(next);
            }}
            suggest={suggest}
            onWanted={want}
          />
        </div>
        <button
          type="button"
          aria-expanded={phoneOpen}
          aria-controls={`${phoneId} ${moreId}`}
          onClick={() => setPhoneOpen((open) => !open)}
          css={{ ...disclosureCss, justifySelf: 'start', display: 'none', [PHONE]: { display: 'inline-flex' } }}
        >
          Filters{besideLocation > 0 ? ` (${besideLocation})` : ''}
          <Chevron open={phoneOpen} />
        </button>
        <div
          id={phoneId}
          data-testid="more-filters"
          css={{
            // from 640 px its fields are the bar's own; below, shown when opened, one field under the other
            display: 'contents',
            // a phone's half widths: the two ends of a range side by side
            [PHONE]: { display: phoneOpen ? 'grid' : 'none', gap: theme.space.md, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {/* what was typed or picked in the server's HTML before hydration becomes the draft's (adoptTyped) */}
          {select('minPrice', 'Min price', 'No min', choices('minPrice', minPriceOptions(prices), priceLabel))}
          {select('price', 'Max price', 'No max', choices('price', maxPriceOptions(prices), priceLabel), { label: 'Maximum price (CAD)', type: 'number' })}
          {select('beds', 'Bedrooms', 'Any beds', choices('beds', BEDS_OPTIONS), { label: 'Minimum bedrooms', type: 'number' })}
          {select('baths', 'Bathrooms', 'Any baths', choices('baths', BATHS_OPTIONS), { label: 'Minimum bathrooms', type: 'number' })}
        </div>
        <button
          type="button"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => {
            want();
            setMoreOpen((open) => !open);
          }}
          css={{
            ...disclosureCss,
            display: 'none',
            [NOT_PHONE]: { display: 'inline-flex' },
            alignSelf: 'center',
            [mq.lg]: { alignSelf: 'end', minHeight: 52 },
          }}
        >
          More filters{behindMore > 0 ? ` (${behindMore})` : ''}
          <Chevron open={moreOpen} />
        </button>
        <div
          id={moreId}
          data-testid="more-filters-panel"
          css={{
            gridColumn: '1 / -1',
            display: moreOpen ? 'grid' : 'none',
            [PHONE]: { display: phoneOpen ? 'grid' : 'none', '& > :is(fieldset, [data-wide])': { gridColumn: '1 / -1' } },
            gap: theme.space.md,
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
            [mq.lg]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gridRow: 2, paddingTop: theme.space.sm, borderTop: `1px solid ${theme.color.stone}` },
          }}
        >
          <div data-wide>
            {select('propertyType', 'Property type', 'Any type', choices('propertyType', PROPERTY_TYPE_OPTIONS), {
              label: 'Describe the property type',
              type: 'text',
            })}
          </div>
          {select('minSqft', 'Min size', 'No min', choices('minSqft', minSqftOptions(sizes), sqftLabel))}
          {select('sqft', 'Max size', 'No max', choices('sqft', maxSqftOptions(sizes), sqftLabel), { label: 'Maximum size (sq ft)', type: 'number' })}
          {select('garage', 'Garage', 'Any garage', choices('garage', GARAGE_OPTIONS))}
          {select(
            'minLot',
            'Lot size',
            'Any lot',
            choices('minLot', LOT_OPTIONS, (v) => `${v}+ acres`),
          )}
          <Fieldset legend="Features">
            {toggle('waterfront', 'Waterfront')}
            {toggle('pool', 'Pool')}
            {toggle('ravine', 'Ravine lot')}
            {toggle('listedWithin', `New in the last ${NEW_LISTING_DAYS} days`, String(NEW_LISTING_DAYS))}
          </Fieldset>
          {statusFilter ? (
            <SelectField label="Status" value={draft.status} onChange={setStatus} adoptTyped options={STATUS_OPTIONS} reserveMessageLine={false} />
          ) : null}
          <div data-wide css={{ [mq.sm]: { gridColumn: 'span 2' } }}>
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
        <div
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: theme.space.sm,
            justifyContent: 'flex-end',
            [mq.sm]: { gridColumn: 'span 2' },
            [mq.lg]: { gridColumn: '-2 / -1', gridRow: 1, flexWrap: 'nowrap', gap: theme.space.md },
          }}
        >
          {/* once a search runs (not while typing: the bar's columns stay where the visitor is) */}
          {changed(filters) ? (
            <button
              type="button"
              onClick={() => {
                setDraft(EMPTY_LISTING_SEARCH);
                onClear();
              }}
              css={{ ...disclosureCss, alignSelf: 'center', [PHONE]: { order: 1 } }}
            >
              Clear
            </button>
          ) : null}
          <Button type="submit" disabled={busy} css={{ minWidth: 120, [PHONE]: { flexBasis: '100%' } }}>
            {busy ? 'Searching...' : 'Search'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset
      css={{
        border: 0,
        margin: 0,
        padding: 0,
        minWidth: 0,
        display: 'grid',
        gap: theme.space.sm,
        [mq.sm]: { gridColumn: 'span 2' },
        [mq.lg]: { gridColumn: 'span 2', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <legend
        css={{
          padding: 0,
          marginBottom: theme.space.sm,
          fontSize: theme.fontSize.xs,
          fontWeight: 600,
          letterSpacing: '0.16em',
          textTransform: 'uppercase',
        }}
      >
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

const isSet = (value: string) => (value.trim() !== '' ? 1 : 0);

/** How many filters behind 'More filters' are set (its '(n)'). */
export function filtersBehindMore(filters: ListingSearchFilters, statusFilter: boolean): number {
  const f = { ...EMPTY_LISTING_SEARCH, ...filters };
  return (
    isSet(f.propertyType) +
    isSet(f.minSqft) +
    isSet(f.sqft) +
    isSet(f.garage) +
    isSet(f.minLot) +
    isSet(f.waterfront) +
    isSet(f.pool) +
    isSet(f.ravine) +
    isSet(f.listedWithin) +
    isSet(f.keyword) +
    (statusFilter && f.status !== '' ? 1 : 0)
  );
}

/** How many filters other than the location are set (the phone's 'Filters (n)'). */
export function filtersBesideLocation(filters: ListingSearchFilters, statusFilter: boolean): number {
  const f = { ...EMPTY_LISTING_SEARCH, ...filters };
  return isSet(f.minPrice) + isSet(f.price) + isSet(f.beds) + isSet(f.baths) + filtersBehindMore(f, statusFilter);
}
