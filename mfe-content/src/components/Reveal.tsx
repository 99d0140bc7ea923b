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
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (reduced || shown) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [reduced, shown]);
  const visible = reduced || shown;
  return (
    <Tag
      ref={ref}
      data-reveal={reduced ? 'static' : shown ? 'shown' : 'waiting'}
      css={
        reduced
          ? undefined
          : {
              opacity: visible ? 1 : 0,
              transform: visible ? 'none' : 'translateY(28px)',
              transition: `opacity ${theme.motion.slow} ${theme.motion.ease} ${delay}ms, transform ${theme.motion.slow} ${theme.motion.ease} ${delay}ms`,
            }
      }
      {...rest}
    >
      {children}
    </Tag>
  );
}
