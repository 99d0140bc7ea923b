import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { FALLBACK_PROPERTY_IMAGE } from '@gta/shared';
import { PropertyCard } from './PropertyCard';
import { toListing } from '../data/listing';
import { LAKESHORE, RAVINE } from '../test/fixtures';

/** Marks an image the way a browser does when its request failed: complete, with no pixels. */
function markFailed(img: HTMLImageElement) {
  Object.defineProperty(img, 'complete', { configurable: true, value: true });
  Object.defineProperty(img, 'currentSrc', { configurable: true, value: img.src });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: 0 });
}

describe('PropertyCard photo', () => {
  it('shows the stock image when the photo fails after the page is running', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <PropertyCard listing={toListing(LAKESHORE)} />
      </MemoryRouter>,
    );
    const img = screen.getByRole('img', { name: /Lakeshore Manor/ });
    expect(img.getAttribute('src')).toBe('/media/listings/lakeshore/1.svg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(FALLBACK_PROPERTY_IMAGE);
  });

  it("shows the stock image when the photo failed in the server's HTML before the page hydrated", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ui = (
      <MemoryRouter>
        <PropertyCard listing={toListing(RAVINE)} eager />
      </MemoryRouter>
    );
    const page = document.createElement('div');
    page.innerHTML = renderToString(ui);
    document.body.appendChild(page);
    const img = page.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/media/listings/ravine/1.svg');
    // the photo answered 404 while the scripts were still loading: its error event fired before React listened
    markFailed(img);
    await act(async () => {
      hydrateRoot(page, ui);
    });
    const shown = page.querySelector('img') as HTMLImageElement;
    expect(shown.getAttribute('src')).toBe(FALLBACK_PROPERTY_IMAGE);
    expect(shown.getAttribute('srcset') ?? '').not.toContain('ravine');
    page.remove();
  });
});
