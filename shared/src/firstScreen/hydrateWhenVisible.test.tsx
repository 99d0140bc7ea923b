import { useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act, render, screen } from '@testing-library/react';
import { HydrateWhenVisible, hydrationOnSightPending, prepareHydrationOnSight } from './hydrateWhenVisible';

/**
 * jsdom has no IntersectionObserver (nor layout): this stand-in records what is observed, and the test says when an
 * element comes into view, as the browser would after a scroll. The real one runs in the e2e suite.
 */
const observed = new Set<Element>();
let notify: ((entries: IntersectionObserverEntry[]) => void) | null = null;
/** The rootMargin of the observer now watching. */
let margin: string | undefined;
class ViewportStandIn {
  constructor(callback: (entries: IntersectionObserverEntry[]) => void, options?: IntersectionObserverInit) {
    notify = callback;
    margin = options?.rootMargin;
  }
  observe(element: Element) {
    observed.add(element);
  }
  unobserve(element: Element) {
    observed.delete(element);
  }
  disconnect() {
    observed.clear();
  }
}
const comesIntoView = (element: Element) =>
  act(async () => {
    notify?.([{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry]);
  });

/** A part of the page with a button and a counter; `hydrated` records that React has taken it over. */
const hydratedParts: string[] = [];
function Part({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    hydratedParts.push(name);
  }, [name]);
  return (
    <section>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {name}
      </button>
      <output data-testid={`${name}-clicks`}>{clicks}</output>
    </section>
  );
}

function Page() {
  return (
    <main>
      <Part name="hero" />
      <HydrateWhenVisible estimatedHeight={800}>
        <Part name="featured" />
      </HydrateWhenVisible>
      <HydrateWhenVisible>
        <Part name="sections" />
      </HydrateWhenVisible>
      <HydrateWhenVisible>
        <Part name="footer" />
      </HydrateWhenVisible>
    </main>
  );
}

const wrapperOf = (name: string) => screen.getByRole('button', { name }).closest('[data-hydrate-when-visible]')!;

describe('hydration on sight', () => {
  let root: Root | undefined;
  afterAll(() => {
    act(() => root?.unmount());
  });

  it('server HTML: each part in a wrapper the browser skips while off screen, content rendered in full', () => {
    const html = renderToString(<Page />);
    expect(html.match(/data-hydrate-when-visible="/g)).toHaveLength(3);
    expect(html).toContain('content-visibility:auto;contain-intrinsic-size:auto 800px');
    expect(html).toContain('>sections</button>');
  });

  it('hydrates what is in view at once, the rest when it comes into view, is clicked, or a navigation comes', async () => {
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = ViewportStandIn;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.appendChild(container);
    const serverFeatured = screen.getByRole('button', { name: 'featured' });

    expect(prepareHydrationOnSight()).toBe(3);
    expect(observed.size).toBe(3);
    await act(async () => {
      root = hydrateRoot(container, <Page />);
    });
    expect(hydratedParts).toEqual(['hero']);
    expect(hydrationOnSightPending()).toBe(3);

    // scrolled into view: hydrated, on the server's element (nothing drawn again)
    await comesIntoView(wrapperOf('featured'));
    expect(hydratedParts).toContain('featured');
    expect(screen.getByRole('button', { name: 'featured' })).toBe(serverFeatured);
    expect(observed.has(wrapperOf('featured'))).toBe(false);

    // before the visitor scrolls only what is on screen counts (a part touching the fold waits); the first scroll
    // turns on the look-ahead for the parts still waiting
    expect(margin).toBe('0px 0px -1px 0px');
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(margin).toBe('300px 0px');
    expect([...observed]).toEqual([wrapperOf('sections'), wrapperOf('footer')]);

    // a click on a part not yet hydrated is held, not lost: it hydrates and the click lands once
    const sections = screen.getByRole('button', { name: 'sections' });
    await act(async () => {
      sections.click();
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(hydratedParts).toContain('sections');
    expect(screen.getByTestId('sections-clicks').textContent).toBe('1');

    // a navigation opens the rest first (the router's own state replace, with no URL, does not)
    await act(async () => {
      window.history.replaceState({ idx: 0 }, '');
    });
    expect(hydratedParts).not.toContain('footer');
    await act(async () => {
      window.history.pushState({}, '', '/somewhere-else');
    });
    expect(hydratedParts).toContain('footer');
    expect(hydrationOnSightPending()).toBe(0);
    container.remove();
  });

  it('without server HTML, renders its content at once', () => {
    render(
      <HydrateWhenVisible>
        <Part name="drawn in the browser" />
      </HydrateWhenVisible>,
    );
    expect(screen.getByRole('button', { name: 'drawn in the browser' })).toBeTruthy();
  });
});
