import { render } from '@testing-library/react';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { GlobalStyles } from '../ui/GlobalStyles';
import { cacheAdoptingServerStyles, hasServerGlobalStyles } from './serverStyles';

const emotionRules = () =>
  Array.from(document.querySelectorAll('style[data-emotion]'))
    .map(
      (element) =>
        Array.from((element as HTMLStyleElement).sheet?.cssRules ?? [])
          .map((rule) => rule.cssText)
          .join('') + element.textContent,
    )
    .join('');

const Gold = () => <p css={{ color: 'rgb(194, 168, 120)' }}>gold</p>;
const Ink = () => <p css={{ color: 'rgb(20, 22, 26)' }}>ink</p>;

/** The class emotion gives <Gold> in the browser, learned from a throwaway render. */
function goldClass(): string {
  const { container, unmount } = render(
    <CacheProvider value={createCache({ key: 'css' })}>
      <Gold />
    </CacheProvider>,
  );
  const name = container.querySelector('p')!.className;
  unmount();
  return name;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the browser taking over the server’s styles', () => {
  it('inserts only the rules the server did not send, and leaves the server’s elements where they are', () => {
    const gold = goldClass();
    document.head.innerHTML = '';
    document.head.innerHTML = `<title>t</title><style data-server-styles="classes" data-ids="${gold.replace('css-', '')}">.${gold}{color:rgb(194, 168, 120);}</style><meta name="x">`;
    const serverElement = document.head.querySelector('style')!;

    const { container } = render(
      <CacheProvider value={cacheAdoptingServerStyles()}>
        <Gold />
        <Ink />
      </CacheProvider>,
    );

    const [goldParagraph, inkParagraph] = Array.from(container.querySelectorAll('p'));
    expect(goldParagraph!.className).toBe(gold);
    // the server's rule is not added again; the new one is
    expect(emotionRules()).not.toContain(gold);
    expect(emotionRules()).toContain(inkParagraph!.className);
    expect(getComputedStyle(inkParagraph!).color).toBe('rgb(20, 22, 26)');
    // the same element, still between <title> and <meta>
    expect(document.head.children[1]).toBe(serverElement);
    expect(serverElement.hasAttribute('data-emotion')).toBe(false);
  });

  it('is a plain cache on a page without server styles', () => {
    const { container } = render(
      <CacheProvider value={cacheAdoptingServerStyles()}>
        <Gold />
      </CacheProvider>,
    );
    expect(emotionRules()).toContain(container.querySelector('p')!.className);
  });

  it('leaves the global styles to the server’s element when the page has one, and adds them when it has not', () => {
    render(<GlobalStyles />);
    expect(hasServerGlobalStyles()).toBe(false);
    expect(emotionRules()).toContain('@font-face');

    document.head.innerHTML = '<style data-server-styles="global" data-ids="g1">body{margin:0}</style>';
    render(<GlobalStyles />);
    expect(hasServerGlobalStyles()).toBe(true);
    expect(emotionRules()).not.toContain('@font-face');
  });
});
