/**
 * The after-paint loader's behaviour, as its source runs and as webpack builds it into the script the pages inline
 * (shared/build/afterPaintLoader.cjs). The server's side (the plan it writes, the CSP hash of the built bytes) is
 * tested in server/src/http/afterFirstPaint.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AFTER_PAINT_DATA_ID, startAfterPaintLoader, type AfterPaintPlan } from './afterPaintLoader';

const PLAN: AfterPaintPlan = {
  scripts: ['/main.js'],
  preloads: [
    { href: '/config.json', as: 'fetch', crossorigin: 'anonymous' },
    { href: 'http://x/remotes/content/remoteEntry.js', as: 'script' },
    { href: 'http://x/remotes/forms/remoteEntry.js', as: 'script', fetchpriority: 'low' },
  ],
};

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));
const count = () => ({ scripts: document.head.querySelectorAll('script[src]').length, preloads: document.head.querySelectorAll('link[rel=preload]').length });

function page(plan: AfterPaintPlan = PLAN): void {
  document.head.innerHTML = '<title>Home</title>';
  document.body.innerHTML = `<div id="root"><h1>Homes</h1></div><script type="application/json" id="${AFTER_PAINT_DATA_ID}">${JSON.stringify(plan)}</script>`;
}

let built = '';
beforeAll(() => {
  // webpack runs in a process of its own (not in jsdom), as the shared package's build runs it
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gta-after-paint-'));
  execFileSync(process.execPath, [path.resolve(__dirname, '../../build/afterPaintLoader.cjs'), outDir]);
  built = fs.readFileSync(path.join(outDir, 'afterPaintLoader.js'), 'utf8').trim();
}, 60_000);

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  Reflect.deleteProperty(document, 'visibilityState');
});

it('is built into one small ES5 script with no webpack runtime', () => {
  expect(built.length).toBeGreaterThan(200);
  expect(built.length).toBeLessThan(1400); // it is in every page
  expect(built).not.toMatch(/=>|\b(?:const|let|class)\b|__webpack/);
  expect(built).toContain(AFTER_PAINT_DATA_ID);
});

describe.each([
  ['its source', () => startAfterPaintLoader(window, document)],
  // the text the page carries, run as the browser runs an inline script
  ['its build', () => new Function(built)()],
])('the loader (%s)', (_name, run: () => void) => {
  it('starts nothing before the first frame, then the scripts in a task of their own, then the preloads in order, one to a task', async () => {
    page();
    run();
    expect(count()).toEqual({ scripts: 0, preloads: 0 });
    const tasks: { scripts: number; preloads: number }[] = [];
    requestAnimationFrame(() =>
      setTimeout(() => {
        tasks.push(count());
        setTimeout(() => tasks.push(count()), 0);
      }, 0),
    );
    await nextFrame();
    await wait(50);
    expect(tasks).toEqual([
      { scripts: 1, preloads: 0 },
      { scripts: 1, preloads: 1 },
    ]);
    const preloads = Array.from(document.head.querySelectorAll('link[rel=preload]'));
    expect(preloads.map((l) => l.getAttribute('href'))).toEqual(PLAN.preloads.map((p) => p.href));
    expect(preloads[0]?.getAttribute('as')).toBe('fetch');
    expect(preloads[0]?.getAttribute('crossorigin')).toBe('anonymous');
    expect(preloads[1]?.getAttribute('crossorigin')).toBeNull(); // scripts are inserted without one: the preload must match
    expect(preloads[2]?.getAttribute('fetchpriority')).toBe('low');
    const scripts = Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[src]'));
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(['/main.js']);
    expect(scripts[0]?.async).toBe(false);
  });

  it('starts at once in a page opened in the background, and only once', async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    page();
    run();
    expect(count().scripts).toBe(1);
    await nextFrame();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(count().scripts).toBe(1);
  });

  it('holds a form sent before the app runs (no native submission) and sends it again until a script takes it', async () => {
    page({ scripts: [], preloads: [] });
    document.body.insertAdjacentHTML('beforeend', '<form id="lead"><input name="email" value="a@example.com"><button type="submit">Send</button></form>');
    run();
    const form = document.getElementById('lead') as HTMLFormElement;
    const seen: boolean[] = []; // defaultPrevented of each submit after the loader's window listener ran
    const watch = (event: Event) => seen.push(event.defaultPrevented);
    window.addEventListener('submit', watch);
    try {
      form.querySelector('button')?.click();
      expect(seen).toEqual([true]); // held: the browser does not send it
      await wait(300);
      expect(seen).toEqual([true, true]); // tried again, still nobody to take it
      const taken: string[] = [];
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        taken.push('sent by the app');
      });
      await wait(300);
      expect(taken).toEqual(['sent by the app']);
      await wait(600);
      expect(taken).toEqual(['sent by the app']);
      expect(seen).toHaveLength(3);
    } finally {
      window.removeEventListener('submit', watch);
    }
  });

  it('leaves a form a script handled alone', async () => {
    page({ scripts: [], preloads: [] });
    document.body.insertAdjacentHTML('beforeend', '<form id="search"><button type="submit">Search</button></form>');
    run();
    const form = document.getElementById('search') as HTMLFormElement;
    const taken: number[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      taken.push(1);
    });
    form.querySelector('button')?.click();
    await wait(600);
    expect(taken).toEqual([1]);
  });

  it('does nothing without a plan', async () => {
    run();
    await nextFrame();
    await wait(20);
    expect(count()).toEqual({ scripts: 0, preloads: 0 });
  });
});
