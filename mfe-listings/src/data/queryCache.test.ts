import { clearQueryCache, fetchQuery, retryDelay } from './queryCache';

describe('query cache (spec section 7 defaults)', () => {
  beforeEach(() => {
    clearQueryCache();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('waits 1 s, 2 s, 4 s ... between retries, capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a failed query 3 times, then fails with the last error', async () => {
    const fn = jest.fn().mockRejectedValue(new Error('boom'));
    const result = fetchQuery('k', fn).catch((e: Error) => e.message);
    await jest.advanceTimersByTimeAsync(7000);
    expect(fn).toHaveBeenCalledTimes(4);
    await expect(result).resolves.toBe('boom');
  });

  it('succeeds on a retry', async () => {
    const fn = jest.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue('ok');
    const result = fetchQuery('k', fn);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('one load serves every caller of the same key, in flight and after', async () => {
    const fn = jest.fn().mockResolvedValue([1, 2]);
    const [a, b] = await Promise.all([fetchQuery('k', fn), fetchQuery('k', fn)]);
    expect(a).toBe(b);
    await fetchQuery('k', fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('drops a result nobody uses after 5 minutes', async () => {
    const fn = jest.fn().mockResolvedValue('data');
    await fetchQuery('k', fn);
    await jest.advanceTimersByTimeAsync(4 * 60_000);
    await fetchQuery('k', fn);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000 + 1);
    await fetchQuery('k', fn);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('does not retry when told not to', async () => {
    const fn = jest.fn().mockRejectedValue(new Error('no'));
    await expect(fetchQuery('k', fn, { retries: 0 })).rejects.toThrow('no');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
