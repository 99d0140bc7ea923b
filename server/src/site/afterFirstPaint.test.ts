/**
 * @jest-environment jsdom
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { AFTER_PAINT_DATA_ID, AFTER_PAINT_LOADER_FILE, afterPaintLoader, moveScriptsAfterFirstPaint, sharedChunksOf } from './afterFirstPaint';
import type { ResourceHint } from './resourceHints';

/** The shell's built page, as HtmlWebpackPlugin minifies it, with a first screen in #root. */
const BUILT_PAGE =
  '<!doctype html><html lang=en-CA><head><meta charset=utf-8><title>Home</title>' +
  '<link rel=preload href=/config.json as=fetch crossorigin=anonymous><link rel=icon href="data:,">' +
  '<script defer src=/main.js></script></head><body><div id="root"><h1>Homes</h1></div></body></html>';

const HINTS: ResourceHint[] = [
  { href: 'http://x/remotes/content/mf-manifest.json', as: 'fetch', crossorigin: 'anonymous' },
  { href: 'http://x/remotes/content/remoteEntry.js', as: 'script' },
  { href: 'http://x/remotes/forms/remoteEntry.js', as: 'script', fetchpriority: 'low' },
];

/** The parts of jsdom's window this test uses (the server's tsconfig has no DOM types, and should not). */
interface PageElement {
  getAttribute(name: string): string | null;
  addEventListener(type: string, listener: (event: PageEvent) => void): void;
  querySelector(selector: string): PageElement | null;
  click(): void;
  textContent: string | null;
  async?: boolean;
}
interface PageEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}
interface PageNodes {
  innerHTML: string;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}
interface PageDocument {
  head: PageNodes;
  body: PageNodes;
  getElementById(id: string): PageElement | null;
  dispatchEvent(event: unknown): boolean;
}
const page = globalThis as unknown as {
  document: PageDocument;
  requestAnimationFrame(callback: () => void): number;
  DOMParser: new () => { parseFromString(html: string, type: string): PageDocument };
  Event: new (type: string) => unknown;
};
const { document, requestAnimationFrame, DOMParser, Event } = page;

const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));

/** The loader as the pages carry it: shared/src/firstScreen/afterPaintLoader.ts built by webpack (jest.globalSetup.cjs). */
const LOADER = afterPaintLoader();
if (!LOADER) throw new Error(`${AFTER_PAINT_LOADER_FILE} is not built`);
const { script: AFTER_PAINT_LOADER, cspSource: AFTER_PAINT_LOADER_CSP_SOURCE } = LOADER;

function runLoader(): void {
  // the text the page carries, run as the browser runs an inline script
  new Function(AFTER_PAINT_LOADER)();
}

function load(html: string): void {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = doc.head.innerHTML;
  document.body.innerHTML = doc.body.innerHTML; // scripts set through innerHTML never run: only runLoader does
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('moving the scripts after the first paint', () => {
  it('takes the deferred script and the config preload out of the head and plans them, hints and shared chunks in order', () => {
    const moved = moveScriptsAfterFirstPaint(BUILT_PAGE, HINTS, ['/libraries.abc.js', '/238.def.js']);
    expect(moved).not.toBeNull();
    const html = moved?.html ?? '';
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('main.js');
    expect(head).not.toContain('config.json');
    expect(head).toContain('rel=icon'); // the rest of the head is untouched
    expect(html).toContain('<div id="root"><h1>Homes</h1></div>');
    expect(moved?.plan.scripts).toEqual(['/main.js']);
    expect(moved?.plan.preloads.map((p) => p.href)).toEqual([
      '/config.json',
      'http://x/remotes/content/mf-manifest.json',
      'http://x/remotes/content/remoteEntry.js',
      'http://x/remotes/forms/remoteEntry.js',
      '/libraries.abc.js',
      '/238.def.js',
    ]);
    expect(moved?.plan.preloads[0]).toEqual({ href: '/config.json', as: 'fetch', crossorigin: 'anonymous' });
    expect(moved?.plan.preloads[3]).toEqual({ href: 'http://x/remotes/forms/remoteEntry.js', as: 'script', fetchpriority: 'low' });
    // the plan and the loader close the body, after the first screen
    expect(html.endsWith(`<script>${AFTER_PAINT_LOADER}</script></body></html>`)).toBe(true);
  });

  it('leaves a page without a deferred script alone', () => {
    const page = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';
    expect(moveScriptsAfterFirstPaint(page, HINTS, [])).toBeNull();
  });

  it('cannot be broken out of by a URL in the plan', () => {
    const moved = moveScriptsAfterFirstPaint(BUILT_PAGE, [{ href: 'http://x/</script><script>alert(1)</script>', as: 'script' }], []);
    const html = moved?.html ?? '';
    expect(html).not.toContain('</script><script>alert(1)');
    load(html);
    const plan = JSON.parse(document.getElementById(AFTER_PAINT_DATA_ID)?.textContent ?? '{}') as { preloads: { href: string }[] };
    expect(plan.preloads[1]?.href).toBe('http://x/</script><script>alert(1)</script>');
  });

  it('the CSP source is the hash of the exact loader text, the bytes webpack built', () => {
    expect(AFTER_PAINT_LOADER_CSP_SOURCE).toBe(`'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`);
    expect(AFTER_PAINT_LOADER).toBe(fs.readFileSync(AFTER_PAINT_LOADER_FILE, 'utf8').trim());
    expect(AFTER_PAINT_LOADER).not.toMatch(/=>|\b(?:const|let)\b/); // ES5: it runs before any bundle or polyfill
  });

  it('without the built loader the page is left as it is (its scripts deferred in the head)', () => {
    expect(moveScriptsAfterFirstPaint(BUILT_PAGE, HINTS, [], null)).toBeNull();
  });
});

describe('the loader in the page', () => {
  it('starts nothing before the first frame, then the scripts in a task of their own, then the preloads in order, one to a task', async () => {
    load(moveScriptsAfterFirstPaint(BUILT_PAGE, HINTS, ['/libraries.abc.js'])?.html ?? '');
    runLoader();
    expect(document.head.querySelector('script[src]')).toBeNull();
    expect(document.head.querySelectorAll('link[rel=preload]')).toHaveLength(0);
    // the first task after the frame: main.js alone; the next: the first preload only
    const tasks: { scripts: number; preloads: number }[] = [];
    const count = () => ({
      scripts: document.head.querySelectorAll('script[src]').length,
      preloads: document.head.querySelectorAll('link[rel=preload]').length,
    });
    requestAnimationFrame(() =>
      setTimeout(() => {
        tasks.push(count());
        setTimeout(() => tasks.push(count()), 0);
      }, 0),
    );
    await nextFrame();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tasks).toEqual([
      { scripts: 1, preloads: 0 },
      { scripts: 1, preloads: 1 },
    ]);
    const preloads = Array.from(document.head.querySelectorAll('link[rel=preload]'));
    expect(preloads.map((l) => l.getAttribute('href'))).toEqual([
      '/config.json',
      'http://x/remotes/content/mf-manifest.json',
      'http://x/remotes/content/remoteEntry.js',
      'http://x/remotes/forms/remoteEntry.js',
      '/libraries.abc.js',
    ]);
    expect(preloads[0]?.getAttribute('as')).toBe('fetch');
    expect(preloads[0]?.getAttribute('crossorigin')).toBe('anonymous');
    expect(preloads[2]?.getAttribute('crossorigin')).toBeNull(); // scripts are inserted without one: the preload must match
    expect(preloads[3]?.getAttribute('fetchpriority')).toBe('low');
    const scripts = Array.from(document.head.querySelectorAll('script[src]'));
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(['/main.js']);
    expect(scripts[0]?.async).toBe(false);
  });

  it('starts at once in a page opened in the background, and only once', async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    load(moveScriptsAfterFirstPaint(BUILT_PAGE, [], [])?.html ?? '');
    runLoader();
    expect(document.head.querySelectorAll('script[src]')).toHaveLength(1);
    await nextFrame();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(document.head.querySelectorAll('script[src]')).toHaveLength(1);
  });
});

describe('forms sent before the app has started', () => {
  const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

  it('are held (no native submission) and sent again until a script takes them', async () => {
    load(moveScriptsAfterFirstPaint(BUILT_PAGE, [], [])?.html ?? '');
    document.body.innerHTML += '<form id="lead"><input name="email" value="a@example.com"><button type="submit">Send</button></form>';
    runLoader();
    const form = document.getElementById('lead') as PageElement;
    const seen: boolean[] = []; // defaultPrevented of each submit after the loader's window listener ran
    const windowOf = globalThis as unknown as { addEventListener(type: string, listener: (event: PageEvent) => void): void };
    windowOf.addEventListener('submit', (event) => seen.push(event.defaultPrevented));
    form.querySelector('button')?.click();
    expect(seen).toEqual([true]); // held: the browser does not send it
    await wait(300);
    expect(seen).toEqual([true, true]); // tried again, still nobody to take it
    // the app starts: its handler takes the next try, and the tries stop
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
  });

  it('leave a form a script handled alone', async () => {
    load(moveScriptsAfterFirstPaint(BUILT_PAGE, [], [])?.html ?? '');
    document.body.innerHTML += '<form id="search"><button type="submit">Search</button></form>';
    runLoader();
    const form = document.getElementById('search') as PageElement;
    const taken: number[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      taken.push(1);
    });
    form.querySelector('button')?.click();
    await wait(600);
    expect(taken).toEqual([1]);
  });
});

describe("the shell's shared chunks", () => {
  it("are the manifest's shared sync files, each once, as root paths", () => {
    const manifest = {
      shared: [
        { name: 'react', assets: { js: { sync: ['libraries.abc.js'], async: [] } } },
        { name: 'react-dom', assets: { js: { sync: ['libraries.abc.js'] } } },
        { name: '@gta/shared', assets: { js: { sync: ['238.def.js'] } } },
        { name: 'odd', assets: { js: { sync: ['../../etc/passwd', 42] } } },
      ],
    };
    expect(sharedChunksOf(manifest)).toEqual(['/libraries.abc.js', '/238.def.js']);
    expect(sharedChunksOf({})).toEqual([]);
    expect(sharedChunksOf(null)).toEqual([]);
  });
});
