/** Fades a section up once, the first time 10% of it is visible; renders it still for reduced-motion visitors. */
import { useEffect, useRef, useState, type ElementType, type ReactNode } from 'react';
import { theme } from '@gta/shared';
import { usePrefersReducedMotion } from './motion';

export const REVEAL_THRESHOLD = 0.1;

interface RevealProps {
  children: ReactNode;
  as?: ElementType;
  id?: string;
  className?: string;
  'aria-labelledby'?: string;
  /** Stagger in ms, for tiles revealed in a row. */
  delay?: number;
}

export function Reveal({ children, as: Tag = 'div', delay = 0, ...rest }: RevealProps) {
  const ref = useRef<HTMLElement | null>(null);
  const reduced = usePrefersReducedMotion();
  // 'initial': as the server renders it, visible (a section on the first screen is never hidden waiting for
  // scripts); after hydration a section below the fold waits out of sight and fades up when scrolled to
  const [phase, setPhase] = useState<'initial' | 'waiting' | 'shown'>('initial');
  useEffect(() => {
    if (reduced || phase !== 'initial') return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setPhase('shown');
      return;
    }
    const rect = el.getBoundingClientRect();
    setPhase(rect.bottom > 0 && rect.top < window.innerHeight ? 'shown' : 'waiting');
  }, [reduced, phase]);
  useEffect(() => {
    if (reduced || phase !== 'waiting') return;
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setPhase('shown');
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [reduced, phase]);
  return (
    <Tag
      ref={ref}
      data-reveal={reduced ? 'static' : phase}
      css={
        reduced || phase === 'initial'
          ? undefined
          : {
              opacity: phase === 'shown' ? 1 : 0,
              transform: phase === 'shown' ? 'none' : 'translateY(28px)',
              transition: `opacity ${theme.motion.slow} ${theme.motion.ease} ${delay}ms, transform ${theme.motion.slow} ${theme.motion.ease} ${delay}ms`,
            }
      }
      {...rest}
    >
      {children}
    </Tag>
  );
}
