import { act, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { Gallery } from './Gallery';

/** Marks an image the way a browser does when its request failed: complete, with no pixels. */
function markFailed(img: HTMLImageElement) {
  Object.defineProperty(img, 'complete', { configurable: true, value: true });
  Object.defineProperty(img, 'currentSrc', { configurable: true, value: img.src });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: 0 });
}

/** Renders the gallery on the "server", lets `fail` pick the images whose request failed, then hydrates. */
async function hydrateWithFailures(photos: string[], fail: (img: HTMLImageElement) => boolean) {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const ui = <Gallery photos={photos} name="Lakeshore Manor" />;
  const page = document.createElement('div');
  page.innerHTML = renderToString(ui);
  document.body.appendChild(page);
  // these photos answered 404 while the scripts were still loading: their error fired before React listened
  for (const img of Array.from(page.querySelectorAll('img'))) if (fail(img)) markFailed(img);
  await act(async () => {
    hydrateRoot(page, ui);
  });
  return page;
}

afterEach(() => {
  document.body.innerHTML = '';
});

const PHOTOS = ['/media/a/1.svg', '/media/a/2.svg', '/media/a/3.svg'];

describe("gallery photos that failed in the server's HTML before the page hydrated", () => {
  it("the first (main) photo shows 'Image Not Available' instead of the browser's broken image", async () => {
    const page = await hydrateWithFailures(PHOTOS, (img) => img.getAttribute('src') === PHOTOS[0]);
    const main = within(page).getByTestId('gallery-main');
    expect(main.querySelector('img')).toBeNull();
    expect(within(main).getByRole('img', { name: 'Image Not Available' })).toBeInTheDocument();
  });

  it("a thumbnail shows 'N/A' instead of the browser's broken image", async () => {
    const page = await hydrateWithFailures(PHOTOS, (img) => img.getAttribute('src') === PHOTOS[1]);
    const thumbs = within(page).getAllByTestId('gallery-thumb');
    expect(thumbs[1]!.querySelector('img')).toBeNull();
    expect(within(thumbs[1]!).getByRole('img', { name: 'N/A' })).toBeInTheDocument();
    expect(thumbs[0]!.querySelector('img')).not.toBeNull();
    expect(thumbs[2]!.querySelector('img')).not.toBeNull();
  });

  it('photos that loaded stay as they are', async () => {
    const page = await hydrateWithFailures(PHOTOS, () => false);
    expect(within(page).getByTestId('gallery-main').querySelector('img')).toHaveAttribute('src', PHOTOS[0]);
    expect(page.querySelectorAll('[role="img"]')).toHaveLength(0);
  });
});
