import { CLUSTER_RADIUS, NO_CLUSTER_ZOOM, clusterPoints, project, zoomToReveal } from './cluster';

// three homes in Old Oakville a few hundred metres apart, one in Port Credit (~12 km away), one in Niagara (~50 km)
const oak1 = { id: 'oak1', lat: 43.4465, lng: -79.6705 };
const oak2 = { id: 'oak2', lat: 43.448, lng: -79.669 };
const oak3 = { id: 'oak3', lat: 43.444, lng: -79.674 };
const credit = { id: 'credit', lat: 43.5565, lng: -79.5885 };
const niagara = { id: 'niagara', lat: 43.2545, lng: -79.0735 };
const all = [oak1, oak2, credit, oak3, niagara];

const summary = (zoom: number) =>
  clusterPoints(all, zoom)
    .map((c) => c.members.map((m) => m.id).join('+'))
    .sort();

describe('clustering the markers', () => {
  it('projects like Leaflet (Web Mercator, 256 px tiles)', () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const p = project({ lat: 43.6532, lng: -79.3832 }, 10); // Toronto at zoom 10
    expect(p.x).toBeCloseTo(73_266.9, 0);
    expect(p.y).toBeCloseTo(95_670.6, 0);
  });

  it('groups what is close on screen and keeps the rest apart, more as the map zooms out', () => {
    expect(summary(8)).toEqual(['niagara', 'oak1+oak2+credit+oak3']);
    expect(summary(11)).toEqual(['credit', 'niagara', 'oak1+oak2+oak3']);
    expect(summary(NO_CLUSTER_ZOOM)).toEqual(['credit', 'niagara', 'oak1', 'oak2', 'oak3']);
  });

  it("draws a cluster at its members' mean with their box, and names it after its first member", () => {
    const oakville = clusterPoints(all, 11).find((c) => c.members.length === 3);
    expect(oakville?.id).toBe('c:oak1');
    expect(oakville?.lat).toBeCloseTo((oak1.lat + oak2.lat + oak3.lat) / 3, 6);
    expect(oakville?.bounds).toEqual({ south: 43.444, west: -79.674, north: 43.448, east: -79.669 });
    const single = clusterPoints(all, 11).find((c) => c.id === 'c:credit');
    expect(single).toMatchObject({ lat: credit.lat, lng: credit.lng, members: [credit] });
  });

  it('never puts two points farther apart than twice the radius in one cluster', () => {
    // a line of points 30 px apart at zoom 12: greedy clusters hold at most a radius around their first point
    const line = Array.from({ length: 40 }, (_, i) => ({ id: `p${i}`, lat: 43.5, lng: -79.9 + i * 0.0026 }));
    for (const c of clusterPoints(line, 12)) {
      const xs = c.members.map((m) => project(m, 12).x);
      expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(2 * CLUSTER_RADIUS);
    }
    expect(clusterPoints(line, 12).reduce((n, c) => n + c.members.length, 0)).toBe(40);
  });

  it('finds the zoom at which a listing chosen in the list stands alone', () => {
    expect(zoomToReveal(all, 'niagara', 8, 16)).toBe(8);
    const z = zoomToReveal(all, 'oak2', 8, 16);
    expect(z).toBeGreaterThan(11);
    expect(clusterPoints(all, z).find((c) => c.members.some((m) => m.id === 'oak2'))?.members).toHaveLength(1);
    expect(clusterPoints(all, z - 1).find((c) => c.members.some((m) => m.id === 'oak2'))?.members.length).toBeGreaterThan(1);
  });
});
