/** The three tabs of a property page: Highlights (default), Neighbourhood, Calculators (spec section 2). */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { displayValue, formatLongDate, formatNumber, formatPrice, isBlank, mq, theme } from '@gta/shared';
import type { Listing } from '../data/listing';
import { MortgageCalculators } from '../components/remotes';

export const TABS = [
  { id: 'highlights', label: 'Highlights' },
  { id: 'neighbourhood', label: 'Neighbourhood' },
  { id: 'calculators', label: 'Calculators' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

const NOT_SPECIFIED = 'Not specified';
const NOT_AVAILABLE = 'Information not available';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section css={{ marginBottom: theme.space.xl }}>
      <h3
        css={{
          fontSize: theme.fontSize.xl,
          fontFamily: theme.font.display,
          marginBottom: theme.space.md,
          paddingBottom: theme.space.sm,
          borderBottom: `1px solid ${theme.color.stone}`,
        }}
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The description text of a listing: 'Listing Description', or 'Description' when that is empty. */
export function listingDescription(listing: Listing): string | null {
  const f = listing.fields;
  const text = !isBlank(f['Listing Description']) ? f['Listing Description'] : f.Description;
  return typeof text === 'string' && !isBlank(text) ? text.trim() : null;
}

function Highlights({ listing }: { listing: Listing }) {
  const f = listing.fields;
  const description = listingDescription(listing);
  const summary: [string, string][] = [
    ['Property ID', displayValue(f['Property ID'], NOT_SPECIFIED)],
    ['Property Type', displayValue(f['Property Type'], NOT_SPECIFIED)],
    ['Status', displayValue(f.Status, NOT_SPECIFIED)],
    ['Listing Date', formatLongDate(f['Listing Date'])],
    ['Year Built', isBlank(f['Year Built']) ? NOT_SPECIFIED : String(f['Year Built']).trim()],
    ['Kitchen Type', displayValue(f.Kitchen, NOT_SPECIFIED)],
    ['Postal Code', displayValue(f['Postal Code'], NOT_SPECIFIED)],
    ['Annual Tax Amount', isBlank(f['Tax Amount']) ? NOT_SPECIFIED : formatPrice(f['Tax Amount'])],
    ['Total Parking Spaces', displayValue(f['Parking Spaces'], NOT_SPECIFIED)],
    ['Living Area', isBlank(f['Size (sq ft)']) ? NOT_SPECIFIED : `${formatNumber(f['Size (sq ft)'])} sq ft`],
  ];
  const features =
    typeof f.Features === 'string' && !isBlank(f.Features)
      ? f.Features.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  return (
    <>
      {description ? (
        <Block title="Listing Description">
          <p css={{ whiteSpace: 'pre-line', maxWidth: theme.layout.proseMaxWidth, [mq.md]: { fontSize: theme.fontSize.lg } }}>{description}</p>
        </Block>
      ) : null}
      <Block title="Location Description">
        <p css={{ maxWidth: theme.layout.proseMaxWidth }}>{displayValue(f['Location Description'], NOT_SPECIFIED)}</p>
      </Block>
      {features.length > 0 ? (
        <Block title="Features">
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: theme.space.sm }}>
            {features.map((feature) => (
              <li
                key={feature}
                css={{
                  padding: '0.35rem 0.9rem',
                  border: `1px solid ${theme.color.stone}`,
                  borderRadius: theme.radius.pill,
                  fontSize: theme.fontSize.sm,
                  background: theme.color.paper,
                }}
              >
                {feature}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      <Block title="Property Summary">
        <dl
          data-testid="property-summary"
          css={{
            margin: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr)',
            columnGap: theme.space.xl,
            [mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {summary.map(([term, value]) => (
            <div
              key={term}
              css={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: theme.space.md,
                padding: `${theme.space.sm} 0`,
                borderBottom: `1px solid ${theme.color.stone}`,
              }}
            >
              <dt css={{ color: theme.color.muted, flexShrink: 0 }}>{term}</dt>
              <dd css={{ margin: 0, textAlign: 'right', fontWeight: 500, color: value === NOT_SPECIFIED ? theme.color.muted : theme.color.ink }}>{value}</dd>
            </div>
          ))}
        </dl>
      </Block>
    </>
  );
}

function Neighbourhood({ listing }: { listing: Listing }) {
  const f = listing.fields;
  const nearby = (count: unknown) => (isBlank(count) ? null : `${formatNumber(count)} nearby`);
  const cards: { title: string; count: string | null; text: unknown }[] = [
    { title: 'Schools', count: nearby(f['School Count']), text: f.School },
    { title: 'Parks & Recreation', count: nearby(f['Parks Count']), text: f.Parks },
    { title: 'Transit', count: null, text: f.Transit },
    { title: 'Safety', count: null, text: f.Safety },
  ];
  return (
    <div css={{ display: 'grid', gap: theme.space.lg, gridTemplateColumns: 'minmax(0, 1fr)', [mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } }}>
      {cards.map((card) => (
        <article
          key={card.title}
          data-testid="neighbourhood-card"
          css={{ background: theme.color.paper, border: `1px solid ${theme.color.stone}`, borderRadius: theme.radius.md, padding: theme.space.lg }}
        >
          <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: theme.space.md }}>
            <h3 css={{ fontSize: theme.fontSize.xl, margin: 0 }}>{card.title}</h3>
            {card.count ? <span css={{ color: theme.color.bronze, fontSize: theme.fontSize.sm, fontWeight: 600 }}>{card.count}</span> : null}
          </div>
          <p css={{ margin: `${theme.space.sm} 0 0`, color: isBlank(card.text) ? theme.color.muted : theme.color.ink }}>
            {displayValue(card.text, NOT_AVAILABLE)}
          </p>
        </article>
      ))}
    </div>
  );
}

export function PropertyTabs({ listing }: { listing: Listing }) {
  const [tab, setTab] = useState<TabId>('highlights');
  const baseId = useId();
  const refs = useRef<Record<TabId, HTMLButtonElement | null>>({ highlights: null, neighbourhood: null, calculators: null });
  const onKey = (event: KeyboardEvent, i: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : delta ? (i + delta + TABS.length) % TABS.length : -1;
    if (target < 0) return;
    event.preventDefault();
    const id = TABS[target]!.id;
    setTab(id);
    refs.current[id]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label="Property details"
        css={{
          display: 'flex',
          gap: theme.space.md,
          [mq.sm]: { gap: theme.space.lg },
          borderBottom: `1px solid ${theme.color.stone}`,
          marginBottom: theme.space.xl,
          overflowX: 'auto',
        }}
      >
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            css={{
              padding: `${theme.space.md} 0`,
              marginBottom: -1,
              border: 'none',
              borderBottom: `2px solid ${tab === t.id ? theme.color.bronze : 'transparent'}`,
              background: 'none',
              color: tab === t.id ? theme.color.ink : theme.color.muted,
              fontSize: theme.fontSize.xs,
              fontWeight: 600,
              letterSpacing: '0.1em',
              [mq.sm]: { fontSize: theme.fontSize.sm, letterSpacing: '0.16em' },
              textTransform: 'uppercase',
              cursor: 'pointer',
              whiteSpace: 'nowrap',
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={`${baseId}-${t.id}-panel`} aria-labelledby={`${baseId}-${t.id}-tab`} hidden={tab !== t.id} tabIndex={0}>
          {tab === t.id ? (
            t.id === 'highlights' ? (
              <Highlights listing={listing} />
            ) : t.id === 'neighbourhood' ? (
              <Neighbourhood listing={listing} />
            ) : (
              <MortgageCalculators price={listing.price ?? undefined} />
            )
          ) : null}
        </div>
      ))}
    </div>
  );
}
