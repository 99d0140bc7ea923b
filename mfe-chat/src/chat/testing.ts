/** Test helpers: a fetch double that records calls and answers from a queue. */
export interface RecordedCall {
  url: string;
  init: RequestInit;
}

export type Answer = { status?: number; body?: unknown } | Error | (() => Promise<never>);

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
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => (answer.body === undefined ? {} : answer.body),
    } as Response;
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
