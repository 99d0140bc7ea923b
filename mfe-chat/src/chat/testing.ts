/** Test helpers: a fetch double that records calls and answers from a queue. */
export interface RecordedCall {
  url: string;
  init: RequestInit;
}

/** body: a JSON answer; stream: the body's pieces as they arrive (n8n's NDJSON chunks), read through body.getReader(). */
export type Answer = { status?: number; body?: unknown; stream?: string[] } | Error | (() => Promise<never>);

/** A response body that hands out the given pieces one read at a time (as a browser's ReadableStream reader). */
export function streamBody(pieces: readonly string[]) {
  const queue = pieces.map((p) => new Uint8Array(Buffer.from(p, 'utf8')));
  return {
    getReader: () => ({
      read: async () => (queue.length > 0 ? { done: false, value: queue.shift() } : { done: true, value: undefined }),
      releaseLock: () => undefined,
    }),
  };
}

export function mockFetch(answers: Answer[] | ((call: RecordedCall) => Answer)) {
  const calls: RecordedCall[] = [];
  const queue = Array.isArray(answers) ? [...answers] : null;
  const fn = jest.fn(async (url: string | URL, init: RequestInit = {}) => {
    const call = { url: String(url), init };
    calls.push(call);
    const answer = queue ? queue.shift() : (answers as (c: RecordedCall) => Answer)(call);
    if (answer === undefined) throw new Error('mockFetch: no answer queued');
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer();
    const status = answer.status ?? 200;
    const text = answer.stream ? answer.stream.join('') : answer.body === undefined ? '{}' : JSON.stringify(answer.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      body: answer.stream ? streamBody(answer.stream) : null,
      json: async () => JSON.parse(text) as unknown,
      text: async () => text,
    } as unknown as Response;
  });
  (globalThis as { fetch: typeof fetch }).fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}

export function jsonBody(call: RecordedCall): Record<string, unknown> {
  return JSON.parse(String(call.init.body)) as Record<string, unknown>;
}

/** A promise the test resolves later (to hold a reply pending). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
