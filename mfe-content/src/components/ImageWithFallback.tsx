/** An image that swaps to a local fallback (or a drawn placeholder) when its source is missing or broken. */
import { useState, type ReactNode } from 'react';
import type { CSSObject } from '@emotion/react';
import { settledImage } from '@gta/shared';

interface Props {
  src: string | null | undefined;
  fallbackSrc?: string;
  /** Rendered instead of an image when there is no usable source at all. */
  placeholder?: ReactNode;
  alt: string;
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
  style?: CSSObject;
}

export function ImageWithFallback({ src, fallbackSrc, placeholder = null, alt, width, height, loading = 'lazy', style }: Props) {
  const [stage, setStage] = useState<'primary' | 'fallback' | 'none'>(src ? 'primary' : fallbackSrc ? 'fallback' : 'none');
  const current = stage === 'primary' ? src : stage === 'fallback' ? fallbackSrc : null;
  const fail = () => setStage((s) => (s === 'primary' && fallbackSrc ? 'fallback' : 'none'));
  if (!current) return <>{placeholder}</>;
  return (
    <img
      key={current}
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      data-fallback={stage === 'fallback' ? 'true' : undefined}
      ref={settledImage(undefined, fail)}
      onError={fail}
      css={style}
    />
  );
}
