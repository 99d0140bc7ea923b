/**
 * The seed's camera-weight photographs (issue 36) are deterministic (the same bytes every run: seeded grain, not
 * libvips' unseeded noise), and the drawings behind them never put a front door over a window.
 */
import sharp from 'sharp';
import { renderCameraPhoto } from './cameraPhotos';
import { cameraSceneSvg, listingPhotoSvg, sceneFor } from '../seed/photos';

jest.setTimeout(120_000);

describe('camera photographs', () => {
  it('are the same bytes every time they are rendered, and each pool photograph is its own', async () => {
    const first = await renderCameraPhoto(0, 900, 600);
    const again = await renderCameraPhoto(0, 900, 600);
    expect(again.equals(first)).toBe(true);
    expect((await renderCameraPhoto(1, 900, 600)).equals(first)).toBe(false);
    expect(await sharp(first).metadata()).toMatchObject({ format: 'jpeg', width: 900, height: 600 });
    expect(cameraSceneSvg(5)).toBe(cameraSceneSvg(5));
  });
});

describe('the classic front', () => {
  type Rect = { x: number; y: number; width: number; height: number };
  const rects = (svg: string, match: RegExp): Rect[] =>
    [...svg.matchAll(/<rect ([^>]*)\/>/g)]
      .map((m) => m[1] as string)
      .filter((attrs) => match.test(attrs))
      .map((attrs) => {
        const num = (name: string) => Number(new RegExp(`\\b${name}="([-\\d.]+)"`).exec(attrs)?.[1] ?? 0);
        return { x: num('x'), y: num('y'), width: num('width'), height: num('height') };
      });
  const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('never draws the door over a window (drawings of 300 listings)', () => {
    let classic = 0;
    for (let i = 0; i < 300; i++) {
      expect(sceneFor(1)).toBe('facade');
      const svg = listingPhotoSvg(`W81${String(i).padStart(5, '0')}`, 1);
      const windows = rects(svg, /stroke-width="5"/);
      if (windows.length === 0) continue; // the modern front: glass walls, no door among windows
      classic++;
      const [door] = rects(svg, /width="68" height="120"/);
      expect(door).toBeDefined();
      expect(windows.filter((w) => overlap(w, door!))).toEqual([]);
      // still a window on each side of the door downstairs
      const downstairs = windows.filter((w) => w.y + w.height > door!.y);
      expect(downstairs.some((w) => w.x + w.width <= door!.x) && downstairs.some((w) => w.x >= door!.x + door!.width)).toBe(true);
    }
    expect(classic).toBeGreaterThan(50);
  });
});
