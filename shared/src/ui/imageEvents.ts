/**
 * An <img> in server-rendered HTML can finish loading, or fail, before the page hydrates: React attaches its
 * handlers later and never sees those events. `settledImage(onLoad, onError)` is a ref that reports them when
 * React adopts the element (and is harmless on images React created itself, which are not complete yet).
 */
export function settledImage(onLoad?: () => void, onError?: () => void): (img: HTMLImageElement | null) => void {
  return (img) => {
    if (!img || !img.complete || !img.currentSrc) return;
    if (img.naturalWidth > 0) onLoad?.();
    else onError?.();
  };
}
