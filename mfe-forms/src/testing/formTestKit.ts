/**
 * Test helpers for the forms: the runtime config, fetch mocked at the edge (the only thing unit tests fake), and
 * reading what was posted.
 */
import { fireEvent, screen } from '@testing-library/react';
import { setRuntimeConfig } from '@gta/shared';

export const WEBHOOK_BASE = 'https://hooks.example.test/webhook';

export function useTestConfig(): void {
  setRuntimeConfig({
    remotes: { listings: '', content: '', forms: '', chat: '', admin: '' },
    airtable: { endpointUrl: 'https://records.example.test', baseId: 'appTest' },
    webhookBase: WEBHOOK_BASE,
    chatWebhookUrl: 'https://chat.example.test',
  });
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** Response headers (read case-insensitively, as fetch's Headers are). */
  headers?: Record<string, string>;
}

type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>;

const fakeHeaders = (headers: Record<string, string> = {}): Pick<Headers, 'get' | 'has'> => {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { get: (name: string) => lower.get(name.toLowerCase()) ?? null, has: (name: string) => lower.has(name.toLowerCase()) };
};

const answer = ({ status, body, headers }: FakeAnswer): Response =>
  ({
    ok: status >= 200 && status < 300,
    status,
    headers: fakeHeaders(headers),
    json: async () => {
      if (body === undefined) throw new SyntaxError('Unexpected end of JSON input');
      return body;
    },
  }) as Response;

/** fetch answers with the given status/body (once each, then the last one again). */
export function mockFetch(...answers: FakeAnswer[]): FetchMock {
  const queue = [...answers];
  const fn: FetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>(async () => answer(queue.length > 1 ? queue.shift()! : queue[0]!));
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** fetch rejects, as a browser does when the network is gone. */
export function mockFetchFailure(error: unknown = new TypeError('Failed to fetch')): FetchMock {
  const fn: FetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>(async () => {
    throw error;
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** fetch that answers only when the test says so (to look at the in-flight state). */
export function mockFetchPending(): { fn: FetchMock; resolve: (a: FakeAnswer) => void } {
  let release: (a: FakeAnswer) => void = () => undefined;
  const fn: FetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>(
    () =>
      new Promise<Response>((resolve) => {
        release = (a) => resolve(answer(a));
      }),
  );
  global.fetch = fn as unknown as typeof fetch;
  return { fn, resolve: (a) => release(a) };
}

/** The URL and parsed JSON body of the n-th call. */
export function posted(fn: FetchMock, n = 0): { url: string; method: string | undefined; body: Record<string, unknown> } {
  const [url, init] = fn.mock.calls[n]!;
  return { url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) as Record<string, unknown> };
}

/** Matches a field's label exactly, ignoring the required marker and '(optional)'. */
export const labelled = (label: string) => (content: string) => content.replace(/\*|\(optional\)/g, '').trim() === label;

/** The input, select or textarea with that label. */
export const input = (label: string): HTMLInputElement => screen.getByLabelText(labelled(label)) as HTMLInputElement;

/** Types into (or chooses in) the labelled field. */
export function fill(label: string, value: string): void {
  fireEvent.change(input(label), { target: { value } });
}

/** Fills several fields: { Name: 'Ada', Email: '...' }. */
export function fillAll(values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) fill(label, value);
}

export const ok = (id = 'recTest123'): FakeAnswer => ({ status: 200, body: { ok: true, id } });
