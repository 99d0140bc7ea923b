/**
 * @jest-environment node
 */
import { renderToString } from 'react-dom/server';
import { CacheProvider, Global, css, keyframes } from '@emotion/react';
import createCache from '@emotion/cache';
import { serverStyleElements } from './serverStyles';

const serverCache = () => {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
};

describe('the styles of a server render', () => {
  it('go to <head> in two elements naming their ids, globals first, and the markup carries none', () => {
    const cache = serverCache();
    const fade = keyframes`from { opacity: 0; } to { opacity: 1; }`;
    const html = renderToString(
      <CacheProvider value={cache}>
        <Global
          styles={css`
            body {
              margin: 0;
            }
          `}
        />
        <p css={{ color: 'rgb(1, 2, 3)' }}>One</p>
        <p css={{ color: 'rgb(4, 5, 6)', animation: `${fade} 1s` }}>Two</p>
      </CacheProvider>,
    );
    expect(html).not.toContain('<style');
    const styles = serverStyleElements(cache);
    const tags = [...styles.matchAll(/<style data-server-styles="(global|classes)" data-ids="([\w -]+)">(.*?)<\/style>/g)];
    expect(tags.map((tag) => tag[1])).toEqual(['global', 'classes']);
    const [global, classes] = tags;
    expect(global![3]).toContain('body{margin:0;}');
    expect(global![3]).toContain('@keyframes');
    const classIds = classes![2]!.split(' ');
    expect(classIds).toHaveLength(2);
    // each class the markup uses is named in the element and has its rule in it
    for (const id of classIds) {
      expect(html).toContain(`css-${id}`);
      expect(classes![3]).toContain(`.css-${id}{`);
    }
    expect(styles).not.toContain('data-emotion');
  });

  it('cannot close their <style> element early', () => {
    const cache = serverCache();
    renderToString(
      <CacheProvider value={cache}>
        <p css={{ '&::after': { content: '"</style><script>alert(1)</script>"' } }}>x</p>
      </CacheProvider>,
    );
    expect(serverStyleElements(cache)).not.toContain('</style><script>');
  });

  it('are nothing for a render without styles', () => {
    const cache = serverCache();
    renderToString(
      <CacheProvider value={cache}>
        <p>plain</p>
      </CacheProvider>,
    );
    expect(serverStyleElements(cache)).toBe('');
  });
});
