/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { CacheProvider, Global, css } from '@emotion/react';
import createCache from '@emotion/cache';
import { stylesOf } from './render.server';

describe('the styles of a server render', () => {
  it('go to <head> as emotion writes them for the browser to adopt, and the markup carries none', () => {
    const cache = createCache({ key: 'css' });
    cache.compat = true;
    const html = renderToString(
      <CacheProvider value={cache}>
        <Global styles={css`body { margin: 0; }`} />
        <p css={{ color: 'rgb(1, 2, 3)' }}>One</p>
        <p css={{ color: 'rgb(4, 5, 6)' }}>Two</p>
      </CacheProvider>,
    );
    expect(html).not.toContain('<style');
    const styles = stylesOf(cache);
    expect(styles).toMatch(/^<style data-emotion="css-global [\w-]+">body\{margin:0;\}<\/style>/);
    const classTag = /<style data-emotion="css ([\w-]+) ([\w-]+)">(.*)<\/style>$/.exec(styles);
    expect(classTag).not.toBeNull();
    // each class the markup uses is named in the tag and has its rule in it
    for (const id of [classTag![1]!, classTag![2]!]) {
      expect(html).toContain(`css-${id}`);
      expect(classTag![3]).toContain(`.css-${id}{`);
    }
  });

  it('cannot close their <style> element early', () => {
    const cache = createCache({ key: 'css' });
    cache.compat = true;
    renderToString(
      <CacheProvider value={cache}>
        <p css={{ '&::after': { content: '"</style><script>alert(1)</script>"' } }}>x</p>
      </CacheProvider>,
    );
    expect(stylesOf(cache)).not.toContain('</style><script>');
  });
});
