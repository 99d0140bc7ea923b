/** /moving-guide: six checklists; ticked items stay ticked in this browser so a visitor can come back to them. */
import { useEffect, useLayoutEffect, useState } from 'react';
import { Button, Container, PageHero, Section, theme, mq, usePageMeta } from '@gta/shared';
import { CHECKLISTS, MOVING_STORAGE_KEY } from '../content/moving';
import { SectionHeading } from '../components/layout';

function readChecked(): Set<string> {
  try {
    const raw = window.localStorage.getItem(MOVING_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export default function MovingGuidePage() {
  usePageMeta({
    title: 'Moving Guide',
    description: 'A moving checklist from two months out to moving day. Tick items as you go: your progress is saved in this browser.',
  });
  // ticks come back after the first render, before paint: the first render matches the server's HTML
  const [checked, setChecked] = useState<Set<string>>(() => new Set());
  const [restored, setRestored] = useState(false);
  useLayoutEffect(() => {
    setChecked(readChecked());
    setRestored(true);
  }, []);
  useEffect(() => {
    if (!restored) return;
    try {
      window.localStorage.setItem(MOVING_STORAGE_KEY, JSON.stringify([...checked]));
    } catch {
      /* private mode or storage full: the list still works for this visit */
    }
  }, [checked, restored]);

  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const total = CHECKLISTS.reduce((n, c) => n + c.items.length, 0);

  return (
    <>
      <PageHero eyebrow="Selling" title="Moving Guide" subtitle="A calm move is a planned one. Work through each list at your own pace." />
      <Section tone="light">
        <Container>
          <SectionHeading
            title="Your moving checklist"
            lead="Tick items as you finish them. Your progress is kept in this browser, so you can close the page and pick up where you left off."
          />
          <div
            css={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              flexWrap: 'wrap',
              gap: theme.space.md,
              marginBottom: theme.space.xl,
            }}
          >
            <p role="status" aria-live="polite" data-testid="moving-progress" css={{ margin: 0, color: theme.color.muted }}>
              {checked.size} of {total} tasks done
            </p>
            <Button type="button" variant="outline" onClick={() => setChecked(new Set())} disabled={checked.size === 0}>
              Clear all ticks
            </Button>
          </div>
          <div
            css={{
              display: 'grid',
              gap: theme.space.lg,
              [mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
              [mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {CHECKLISTS.map((checklist, n) => {
              const done = checklist.items.filter((item) => checked.has(item.id)).length;
              return (
                <fieldset
                  key={checklist.id}
                  data-testid="checklist"
                  css={{ margin: 0, background: theme.color.paper, border: `1px solid ${theme.color.stone}`, padding: theme.space.lg, minWidth: 0 }}
                >
                  <legend css={{ float: 'left', width: '100%', padding: 0, marginBottom: theme.space.md }}>
                    <span
                      css={{
                        display: 'block',
                        fontSize: theme.fontSize.xs,
                        letterSpacing: '0.2em',
                        textTransform: 'uppercase',
                        color: theme.color.bronze,
                        fontWeight: 600,
                      }}
                    >
                      Step {n + 1}
                    </span>
                    <span css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.h3 }}>{checklist.title}</span>
                    <span css={{ display: 'block', fontSize: theme.fontSize.sm, color: theme.color.muted }}>
                      {done} of {checklist.items.length} done
                    </span>
                  </legend>
                  <ul css={{ clear: 'both', listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: theme.space.sm }}>
                    {checklist.items.map((item) => {
                      const isChecked = checked.has(item.id);
                      return (
                        <li key={item.id}>
                          <label
                            css={{
                              display: 'flex',
                              gap: theme.space.sm,
                              alignItems: 'flex-start',
                              cursor: 'pointer',
                              color: isChecked ? theme.color.muted : theme.color.ink,
                              textDecoration: isChecked ? 'line-through' : 'none',
                            }}
                          >
                            <input
                              type="checkbox"
                              checked={isChecked}
                              onChange={() => toggle(item.id)}
                              css={{ width: 20, height: 20, marginTop: 3, flex: '0 0 20px', accentColor: theme.color.bronze }}
                            />
                            <span>{item.text}</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </fieldset>
              );
            })}
          </div>
        </Container>
      </Section>
    </>
  );
}
