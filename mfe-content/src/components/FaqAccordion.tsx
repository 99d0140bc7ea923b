/** An FAQ accordion: one answer open at a time, the open one collapses on a second press; Up/Down/Home/End move between questions. */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { theme } from '@gta/shared';

export interface Faq {
  question: string;
  answer: ReactNode;
}

export function FaqAccordion({ items, initiallyOpen = 0 }: { items: readonly Faq[]; initiallyOpen?: number | null }) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const base = useId();
  const onKeyDown = (i: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: items.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    buttons.current[(to + items.length) % items.length]?.focus();
  };
  return (
    <div data-testid="faq" css={{ borderTop: `1px solid ${theme.color.stone}` }}>
      {items.map((item, i) => {
        const isOpen = open === i;
        return (
          <div key={item.question} css={{ borderBottom: `1px solid ${theme.color.stone}` }}>
            <h3 css={{ margin: 0, fontSize: theme.fontSize.xl }}>
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                id={`${base}-q${i}`}
                aria-expanded={isOpen}
                aria-controls={`${base}-a${i}`}
                onClick={() => setOpen(isOpen ? null : i)}
                onKeyDown={onKeyDown(i)}
                css={{
                  width: '100%',
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  gap: theme.space.md,
                  padding: `${theme.space.lg} 0`,
                  border: 0,
                  background: 'transparent',
                  cursor: 'pointer',
                  textAlign: 'left',
                  fontFamily: theme.font.display,
                  fontSize: 'inherit',
                  color: theme.color.ink,
                }}
              >
                {item.question}
                <span
                  aria-hidden="true"
                  css={{
                    flex: '0 0 auto',
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    border: `1px solid ${theme.color.bronze}`,
                    color: theme.color.bronze,
                    display: 'grid',
                    placeItems: 'center',
                    fontFamily: theme.font.body,
                    fontSize: '1rem',
                    transform: isOpen ? 'rotate(45deg)' : 'none',
                    transition: `transform ${theme.motion.base}`,
                  }}
                >
                  +
                </span>
              </button>
            </h3>
            <div
              id={`${base}-a${i}`}
              role="region"
              aria-labelledby={`${base}-q${i}`}
              hidden={!isOpen}
              css={{ paddingBottom: theme.space.lg, color: theme.color.inkSoft, lineHeight: 1.8, '& ol, & ul': { paddingLeft: '1.25rem' } }}
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
