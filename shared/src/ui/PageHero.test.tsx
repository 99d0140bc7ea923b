import { act, fireEvent, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { PageHero } from './primitives';

/** Marks an image the way a browser does when its request failed: complete, with no pixels. */
function markFailed(img: HTMLImageElement) {
  Object.defineProperty(img, 'complete', { configurable: true, value: true });
  Object.defineProperty(img, 'currentSrc', { configurable: true, value: img.src });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: 0 });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('PageHero background image', () => {
  it('shows the fallback when the image fails, and nothing when that fails too (never a broken image)', () => {
    const { container } = render(<PageHero title="Lakeshore Manor" image="/media/a/1.svg" imageFallback="/media/fallback/property.svg" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/fallback/property.svg');
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('h1')).toHaveTextContent('Lakeshore Manor');
  });

  it('without an image there is none, the fallback neither', () => {
    const { container } = render(<PageHero title="Escarpment Estate" imageFallback="/media/fallback/property.svg" />);
    expect(container.querySelector('img')).toBeNull();
  });

  it('without a fallback, a failed image is removed', () => {
    const { container } = render(<PageHero title="About Us" image="/media/gone.jpg" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
  });

  it("shows the fallback when the image failed in the server's HTML before the page hydrated", async () => {
    const ui = <PageHero title="Lakeshore Manor" image="/media/a/1.svg" imageFallback="/media/fallback/property.svg" />;
    const page = document.createElement('div');
    page.innerHTML = renderToString(ui);
    document.body.appendChild(page);
    markFailed(page.querySelector('img') as HTMLImageElement);
    await act(async () => {
      hydrateRoot(page, ui);
    });
    expect(page.querySelector('img')).toHaveAttribute('src', '/media/fallback/property.svg');
  });

  it('keeps an image that loaded', async () => {
    const ui = <PageHero title="About Us" image="/media/about.jpg" />;
    const page = document.createElement('div');
    page.innerHTML = renderToString(ui);
    document.body.appendChild(page);
    await act(async () => {
      hydrateRoot(page, ui);
    });
    expect(page.querySelector('img')).toHaveAttribute('src', '/media/about.jpg');
  });
});
