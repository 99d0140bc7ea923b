import { STATIC_ROUTES, isKnownRoute } from './routes';

describe('route list', () => {
  it('holds every static route of the spec route table', () => {
    expect(STATIC_ROUTES).toHaveLength(25);
    expect(new Set(STATIC_ROUTES.map((r) => r.path)).size).toBe(25);
  });
  it('knows static, aliased, staff and parameter routes, and nothing else', () => {
    for (const p of ['/', '/blogs', '/blogs/', '/buying-guide', '/contact', '/admin', '/property/lakeshore-estate', '/blog/x', '/listings/oakville'])
      expect(isKnownRoute(p)).toBe(true);
    for (const p of ['/nope', '/property', '/property/a/b', '/admin/x']) expect(isKnownRoute(p)).toBe(false);
  });
});
