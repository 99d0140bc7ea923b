// One first load of a page as the benches read it: a fresh context at 390 px, navigation to `load` and 2.5 s more
// (what loads on its own, no scroll), and every request with its type and bytes on the wire (headers included).
import { newPage } from '../lib.mjs';

/**
 * @returns {Promise<{ page: import('playwright-core').Page, requests: { url: string, type: string, at: number, bytes: number }[] }>}
 * `at`: when it was requested (wall time, epoch seconds). The caller closes `page.context()`.
 */
export async function recordFirstLoad(browser, url) {
  const page = await newPage(browser, { width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const meta = new Map();
  const sizes = new Map();
  cdp.on('Network.requestWillBeSent', (e) => meta.set(e.requestId, { url: e.request.url, at: e.wallTime, type: e.type }));
  cdp.on('Network.responseReceived', (e) => {
    const m = meta.get(e.requestId);
    if (m) m.type = e.type;
  });
  cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  return { page, requests: [...meta].map(([id, m]) => ({ ...m, bytes: sizes.get(id) ?? 0 })) };
}
