/**
 * Listing photos drawn procedurally: /media/listings/{key}/{n}.svg is a deterministic function of the key and
 * the number, so the repo carries no image files and every listing still gets its own tasteful set.
 * Scenes: a facade at dusk or day, a living room, a kitchen, a primary bedroom, a pool terrace. 1200x800.
 */
import { SeededRandom, hashString } from './random';

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;

interface Palette {
  sky: [string, string];
  wall: string;
  trim: string;
  roof: string;
  accent: string;
  floor: string;
  glass: string;
  foliage: string;
}

const PALETTES: readonly Palette[] = [
  { sky: ['#1d2b44', '#d9a066'], wall: '#e9e4da', trim: '#2b2b2b', roof: '#3a3f47', accent: '#c9a45c', floor: '#8a6a4f', glass: '#f6d28b', foliage: '#2f4a3a' },
  { sky: ['#9cc3e0', '#eef3f7'], wall: '#f4f1ea', trim: '#4a4a48', roof: '#2e3338', accent: '#b08d57', floor: '#b89572', glass: '#a9c6d8', foliage: '#4d6b4a' },
  { sky: ['#2a2346', '#e07a5f'], wall: '#d8cfc4', trim: '#1f1f1f', roof: '#51463d', accent: '#d4af37', floor: '#6e5140', glass: '#ffd59a', foliage: '#34493c' },
  { sky: ['#b7d3e6', '#f8efe2'], wall: '#c9bfb2', trim: '#f5f3ef', roof: '#5b5f63', accent: '#9c7c4a', floor: '#d2b48c', glass: '#c4dde9', foliage: '#56744f' },
  { sky: ['#10243a', '#4f6d8f'], wall: '#3b3f46', trim: '#c9c2b6', roof: '#1b1d21', accent: '#e0c48a', floor: '#4b3a2f', glass: '#ffe3a3', foliage: '#263a30' },
  { sky: ['#cfe0ea', '#fdf8f0'], wall: '#a3574a', trim: '#f2ede4', roof: '#2f2f30', accent: '#c19a6b', floor: '#a47e5a', glass: '#b9d3e0', foliage: '#4a6a45' },
];

const SCENES = ['facade', 'living', 'kitchen', 'bedroom', 'pool'] as const;
export type Scene = (typeof SCENES)[number];

export function sceneFor(n: number): Scene {
  return n === 1 ? 'facade' : (SCENES[(n - 1) % SCENES.length] as Scene);
}

const r1 = (x: number): string => (Math.round(x * 10) / 10).toString();

function trees(rand: SeededRandom, p: Palette, baseY: number): string {
  let out = '';
  const count = rand.int(2, 4);
  for (let i = 0; i < count; i++) {
    const x = rand.pick([rand.int(30, 190), rand.int(1010, 1170)]);
    const h = rand.int(160, 280);
    out += `<rect x="${x - 5}" y="${baseY - h * 0.35}" width="10" height="${r1(h * 0.35)}" fill="#3b2f26"/><ellipse cx="${x}" cy="${baseY - h * 0.6}" rx="${r1(h * 0.28)}" ry="${r1(h * 0.42)}" fill="${p.foliage}" opacity="0.92"/>`;
  }
  return out;
}

function facade(rand: SeededRandom, p: Palette): string {
  const ground = 640;
  const left = rand.int(250, 330);
  const width = rand.int(560, 680);
  const height = rand.int(230, 300);
  const top = ground - height;
  const modern = rand.chance(0.5);
  let s = `<rect y="${ground}" width="1200" height="160" fill="${p.foliage}"/><rect x="${left + width / 2 - 70}" y="${ground}" width="140" height="160" fill="#bdb5a8" opacity="0.8"/>`;
  if (modern) {
    s += `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="${p.wall}"/><rect x="${left - 30}" y="${top - 18}" width="${width + 60}" height="18" fill="${p.roof}"/>`;
    s += `<rect x="${left + width * 0.55}" y="${top - 110}" width="${width * 0.45}" height="110" fill="${p.wall}"/><rect x="${left + width * 0.55 - 20}" y="${top - 126}" width="${width * 0.45 + 40}" height="16" fill="${p.roof}"/>`;
    s += `<rect x="${left + width * 0.6}" y="${top - 92}" width="${width * 0.35}" height="74" fill="${p.glass}" opacity="0.9"/>`;
    s += `<rect x="${left + 40}" y="${top + 40}" width="${width * 0.42}" height="${height - 80}" fill="${p.glass}" opacity="0.85"/>`;
    for (let i = 1; i < 4; i++) s += `<rect x="${left + 40 + (width * 0.42 * i) / 4}" y="${top + 40}" width="3" height="${height - 80}" fill="${p.trim}"/>`;
  } else {
    s += `<rect x="${left}" y="${top}" width="${width}" height="${height}" fill="${p.wall}"/><polygon points="${left - 30},${top} ${left + width / 2},${top - 150} ${left + width + 30},${top}" fill="${p.roof}"/>`;
    // four windows a storey, symmetric; on the ground floor the two beside the door stop short of it (the door is
    // never drawn over a window)
    const cols = 4;
    const step = (width - 90) / cols;
    const door = { left: left + width / 2 - 34 - 18, right: left + width / 2 + 34 + 18 };
    for (let c = 0; c < cols; c++) {
      for (let row = 0; row < 2; row++) {
        let wx = left + 65 + c * step;
        let ww = step - 40;
        const wy = top + 35 + row * (height / 2 - 5);
        if (row === 1 && wx < door.right && wx + ww > door.left) {
          if (c < cols / 2) ww = door.left - wx;
          else {
            ww = wx + ww - door.right;
            wx = door.right;
          }
          if (ww < 30) continue;
        }
        s += `<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1(ww)}" height="${r1(height / 2 - 70)}" fill="${p.glass}" stroke="${p.trim}" stroke-width="5"/>`;
      }
    }
  }
  s += `<rect x="${left + width / 2 - 34}" y="${ground - 120}" width="68" height="120" fill="${p.trim}"/><circle cx="${left + width / 2 + 20}" cy="${ground - 60}" r="4" fill="${p.accent}"/>`;
  s += trees(rand, p, ground + 10);
  return s;
}

function room(rand: SeededRandom, p: Palette, scene: Scene): string {
  let s = `<rect width="1200" height="800" fill="${p.wall}"/><polygon points="0,600 1200,600 1200,800 0,800" fill="${p.floor}"/><rect y="596" width="1200" height="8" fill="${p.trim}" opacity="0.5"/>`;
  const wx = rand.int(120, 520);
  s += `<rect x="${wx}" y="120" width="520" height="380" fill="url(#sky)"/><rect x="${wx}" y="120" width="520" height="380" fill="none" stroke="${p.trim}" stroke-width="10"/><rect x="${wx + 257}" y="120" width="6" height="380" fill="${p.trim}"/>`;
  if (scene === 'living') {
    s += `<rect x="600" y="470" width="460" height="90" rx="14" fill="${p.roof}"/><rect x="580" y="520" width="500" height="70" rx="12" fill="${p.roof}" opacity="0.85"/><rect x="700" y="615" width="260" height="40" rx="6" fill="${p.accent}" opacity="0.7"/>`;
    s += `<circle cx="1120" cy="260" r="46" fill="${p.accent}" opacity="0.3"/><rect x="1117" y="300" width="6" height="290" fill="${p.trim}"/>`;
  } else if (scene === 'kitchen') {
    s += `<rect x="60" y="380" width="1080" height="40" fill="${p.trim}" opacity="0.85"/><rect x="260" y="520" width="680" height="110" fill="${p.wall}" stroke="${p.trim}" stroke-width="4"/><rect x="240" y="505" width="720" height="22" fill="#f4f2ee"/>`;
    for (let i = 0; i < 3; i++)
      s += `<rect x="${399 + i * 200}" y="0" width="2" height="300" fill="${p.trim}"/><path d="M${370 + i * 200} 330 h60 l-10 -30 h-40 z" fill="${p.accent}"/>`;
  } else if (scene === 'bedroom') {
    s += `<rect x="560" y="430" width="560" height="70" rx="8" fill="${p.trim}" opacity="0.8"/><rect x="540" y="490" width="600" height="120" rx="10" fill="#f7f4ee"/><rect x="540" y="560" width="600" height="50" fill="${p.accent}" opacity="0.55"/>`;
    s += `<rect x="600" y="455" width="150" height="50" rx="18" fill="#ffffff"/><rect x="930" y="455" width="150" height="50" rx="18" fill="#ffffff"/>`;
  } else {
    s = `<rect width="1200" height="800" fill="url(#sky)"/><rect y="470" width="1200" height="330" fill="#d8d2c6"/><rect x="150" y="540" width="900" height="190" rx="6" fill="#3d8fb3"/><rect x="150" y="540" width="900" height="190" rx="6" fill="url(#water)"/>`;
    s += `<rect x="0" y="300" width="1200" height="170" fill="${p.wall}"/><rect x="80" y="330" width="1040" height="120" fill="${p.glass}" opacity="0.8"/>${trees(rand, p, 480)}`;
  }
  return s;
}

/** The SVG of photo n of a listing. */
export function listingPhotoSvg(key: string, n: number): string {
  const rand = new SeededRandom(hashString(`${key}#${n}`));
  const p = PALETTES[hashString(key) % PALETTES.length] as Palette;
  const scene = sceneFor(n);
  const body = scene === 'facade' ? `<rect width="1200" height="800" fill="url(#sky)"/>${facade(rand, p)}` : room(rand, p, scene);
  const light = rand.int(0, 1) ? `<rect width="1200" height="800" fill="url(#vignette)"/>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}" role="img" aria-label="${scene} view">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>` +
    `<linearGradient id="water" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#0b4a66" stop-opacity="0.4"/></linearGradient>` +
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>` +
    body +
    light +
    `</svg>`
  );
}

/** The public URL of photo n of a listing. */
export function listingPhotoUrl(key: string, n: number): string {
  return `/media/listings/${encodeURIComponent(key)}/${n}.svg`;
}

export const MAX_PHOTOS = 20;

/*
 * The camera pool's scenes (src/media/cameraPhotos.ts): the same rooms and fronts drawn as a photographer frames
 * them, for rendering at camera size: a pinhole perspective (boxes with their faces shaded by one light), daylight
 * through the windows, soft shadows, brick and planks, clouds and foliage in depth. Larger than the drawings above
 * (tens of KB): they are rendered once into the pool, never sent to a browser.
 */
export const CAMERA_SCENE_WIDTH = 1500;
export const CAMERA_SCENE_HEIGHT = 1000;

type Rgb = [number, number, number];
const hexRgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const rgbHex = (c: Rgb): string =>
  `#${c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** The colour lit (f > 1) or shaded (f < 1). */
const shade = (hex: string, f: number): string => rgbHex(hexRgb(hex).map((v) => (f <= 1 ? v * f : v + (255 - v) * (f - 1))) as Rgb);
/** a mixed toward b by t. */
const mix = (a: string, b: string, t: number): string => {
  const [x, y] = [hexRgb(a), hexRgb(b)];
  return rgbHex(x.map((v, i) => v + ((y[i] as number) - v) * t) as Rgb);
};
const pts = (points: readonly (readonly [number, number])[]): string => points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ');
const poly = (points: readonly (readonly [number, number])[], fill: string, extra = ''): string => `<polygon points="${pts(points)}" fill="${fill}"${extra}/>`;

/** A pinhole camera: a point of the back plane (x, y) brought forward by z (1 = on the back plane, 2 = twice as near). */
interface View {
  vx: number;
  vy: number;
}
const at = (v: View, x: number, y: number, z: number): [number, number] => [v.vx + (x - v.vx) * z, v.vy + (y - v.vy) * z];

/**
 * A box standing in the room: x0..x1 across and y0 (top) .. y1 (floor) in back-plane units, z0 (far) .. z1 (near).
 * Its near face, its top when below the eye, and the side that faces the camera, each shaded for a light from the back.
 */
function box(v: View, b: { x0: number; x1: number; y0: number; y1: number; z0: number; z1: number }, colour: string, extra = ''): string {
  const { x0, x1, y0, y1, z0, z1 } = b;
  let s = '';
  if (y0 > v.vy) s += poly([at(v, x0, y0, z0), at(v, x1, y0, z0), at(v, x1, y0, z1), at(v, x0, y0, z1)], shade(colour, 1.18), extra);
  if (y1 < v.vy) s += poly([at(v, x0, y1, z0), at(v, x1, y1, z0), at(v, x1, y1, z1), at(v, x0, y1, z1)], shade(colour, 0.7), extra);
  if (x0 > v.vx) s += poly([at(v, x0, y0, z0), at(v, x0, y0, z1), at(v, x0, y1, z1), at(v, x0, y1, z0)], shade(colour, 0.82), extra);
  if (x1 < v.vx) s += poly([at(v, x1, y0, z0), at(v, x1, y0, z1), at(v, x1, y1, z1), at(v, x1, y1, z0)], shade(colour, 0.82), extra);
  s += poly([at(v, x0, y0, z1), at(v, x1, y0, z1), at(v, x1, y1, z1), at(v, x0, y1, z1)], shade(colour, 0.93), extra);
  return s;
}

/** A soft shadow on the floor under a box (a blurred dark quad). */
function floorShadow(v: View, x0: number, x1: number, floor: number, z0: number, z1: number, strength = 0.45): string {
  return poly(
    [at(v, x0 - 8, floor, z0 - 0.02), at(v, x1 + 8, floor, z0 - 0.02), at(v, x1 + 8, floor, z1 + 0.03), at(v, x0 - 8, floor, z1 + 0.03)],
    '#000',
    ` opacity="${strength}" filter="url(#soft)"`,
  );
}

/** A tree: a trunk and a crown of overlapping leaf masses in shadow, mid-tone and light (lit from the upper left). */
function cameraTree(rand: SeededRandom, x: number, ground: number, height: number, green: string, distance = 0): string {
  const crownY = ground - height * 0.62;
  const rx = height * 0.32;
  const ry = height * 0.42;
  let s = `<path d="M${r1(x - height * 0.025)} ${r1(ground)} L${r1(x - height * 0.012)} ${r1(crownY)} L${r1(x + height * 0.012)} ${r1(crownY)} L${r1(x + height * 0.03)} ${r1(ground)} Z" fill="${shade('#4a3b2e', 0.8)}"/>`;
  const tones = [shade(green, 0.55), shade(green, 0.78), green, mix(shade(green, 1.12), '#c9c27a', 0.18)];
  tones.forEach((tone, layer) => {
    const count = 40 - layer * 7;
    for (let i = 0; i < count; i++) {
      const a = rand.next() * Math.PI * 2;
      const d = Math.sqrt(rand.next());
      // lighter masses sit up and to the left, where the sun is
      const cx = x + Math.cos(a) * d * rx * (1 - layer * 0.12) - layer * rx * 0.1;
      const cy = crownY + Math.sin(a) * d * ry * (1 - layer * 0.12) - layer * ry * 0.1;
      const r = height * (0.05 + rand.next() * 0.06) * (1 - layer * 0.15);
      s += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${tone}"/>`;
    }
  });
  return `<g filter="url(#${distance > 0 ? 'haze' : 'leaf'})"${distance > 0 ? ` opacity="${(1 - distance * 0.35).toFixed(2)}"` : ''}>${s}</g>`;
}

/** Clouds: soft white masses in a few bands, bigger and lower toward the horizon. */
function clouds(rand: SeededRandom, horizon: number, tint = '#ffffff', amount = 1): string {
  let s = '';
  const banks = Math.round(rand.int(3, 5) * amount);
  for (let b = 0; b < banks; b++) {
    const cx = rand.int(-100, 1600);
    const cy = rand.int(40, Math.round(horizon * 0.7));
    const scale = 0.5 + (cy / horizon) * 0.9;
    for (let i = 0; i < 9; i++)
      s += `<ellipse cx="${r1(cx + (rand.next() - 0.5) * 320 * scale)}" cy="${r1(cy + (rand.next() - 0.5) * 50 * scale)}" rx="${r1((60 + rand.next() * 110) * scale)}" ry="${r1((22 + rand.next() * 30) * scale)}" fill="${tint}" opacity="${(0.35 + rand.next() * 0.4).toFixed(2)}"/>`;
  }
  return `<g filter="url(#cloud)">${s}</g>`;
}

/** Brick: a tile of bricks of varied colour with mortar, as a pattern. */
function brickPattern(rand: SeededRandom, id: string, brick: string, mortar: string): string {
  let s = `<pattern id="${id}" width="120" height="40" patternUnits="userSpaceOnUse"><rect width="120" height="40" fill="${mortar}"/>`;
  for (let row = 0; row < 5; row++)
    for (let c = -1; c < 5; c++) {
      const x = c * 30 + (row % 2) * 15;
      s += `<rect x="${x + 0.6}" y="${row * 8 + 0.6}" width="28.8" height="6.8" fill="${shade(brick, 0.84 + rand.next() * 0.3)}"/>`;
    }
  return `${s}</pattern>`;
}

/** A window of a facade: trim, glass with the sky's reflection (or a warm lit room at dusk), muntins, a sill. */
function facadeWindow(x: number, y: number, w: number, h: number, trim: string, lit: boolean): string {
  const glass = lit ? 'url(#litGlass)' : 'url(#glass)';
  let s = `<rect x="${r1(x - 7)}" y="${r1(y - 7)}" width="${r1(w + 14)}" height="${r1(h + 14)}" fill="${trim}"/><rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${glass}"/>`;
  // the inside: a curtain edge and the room's depth, then the muntins of a divided light
  s += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w * 0.16)}" height="${r1(h)}" fill="#f3ece0" opacity="${lit ? 0.55 : 0.28}"/>`;
  s += `<rect x="${r1(x + w / 2 - 2.5)}" y="${r1(y)}" width="5" height="${r1(h)}" fill="${trim}"/><rect x="${r1(x)}" y="${r1(y + h / 2 - 2.5)}" width="${r1(w)}" height="5" fill="${trim}"/>`;
  s += `<rect x="${r1(x - 12)}" y="${r1(y + h + 5)}" width="${r1(w + 24)}" height="8" fill="${shade(trim, 1.1)}"/><rect x="${r1(x - 12)}" y="${r1(y + h + 13)}" width="${r1(w + 24)}" height="5" fill="#000" opacity="0.25" filter="url(#soft)"/>`;
  // the lintel's shadow
  s += `<rect x="${r1(x - 7)}" y="${r1(y - 7)}" width="${r1(w + 14)}" height="10" fill="#000" opacity="0.18"/>`;
  return s;
}

interface CameraLook {
  dusk: boolean;
  sky: [string, string, string];
  green: string;
  wall: string;
  trim: string;
  roof: string;
  accent: string;
  floor: string;
}

const LOOKS: readonly CameraLook[] = [
  {
    dusk: false,
    sky: ['#4f7fb5', '#9cbfdd', '#e8eef2'],
    green: '#4f6f37',
    wall: '#9a5a45',
    trim: '#f2eee6',
    roof: '#3b3f46',
    accent: '#2b2f36',
    floor: '#9b7653',
  },
  {
    dusk: true,
    sky: ['#1c2944', '#50608a', '#f0a36b'],
    green: '#2f4a2c',
    wall: '#d9d2c5',
    trim: '#2a2a2a',
    roof: '#24272c',
    accent: '#8a6a48',
    floor: '#6f5040',
  },
];

function defs(look: CameraLook): string {
  const [top, middle, horizon] = look.sky;
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${middle}"/><stop offset="1" stop-color="${horizon}"/></linearGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${mix(horizon, '#ffffff', 0.4)}"/><stop offset="0.45" stop-color="${mix(middle, '#2a3440', 0.45)}"/><stop offset="1" stop-color="#1d232b"/></linearGradient>` +
    `<linearGradient id="litGlass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd9a0"/><stop offset="1" stop-color="#d9893e"/></linearGradient>` +
    `<linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(look.green, look.dusk ? 0.8 : 1.15)}"/><stop offset="1" stop-color="${shade(look.green, look.dusk ? 0.45 : 0.75)}"/></linearGradient>` +
    `<linearGradient id="wallLight" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff6e8" stop-opacity="${look.dusk ? 0 : 0.16}"/><stop offset="1" stop-color="#000" stop-opacity="${look.dusk ? 0.35 : 0.14}"/></linearGradient>` +
    `<linearGradient id="eave" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffe2b0" stop-opacity="0.9"/><stop offset="1" stop-color="#ffb860" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></radialGradient>` +
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${look.dusk ? '#2fb6c9' : '#7fd0e0'}"/><stop offset="1" stop-color="${look.dusk ? '#0d6f8c' : '#1f86a8'}"/></linearGradient>` +
    `<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>` +
    `<filter id="cloud" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="22"/></filter>` +
    `<filter id="leaf" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="1.4"/></filter>` +
    `<filter id="haze" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="3.5"/></filter>` +
    `<filter id="view" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="9"/></filter>`
  );
}

/** A classic two-storey brick house with a hipped roof, a portico and a garage wing, on a lawn, from the street. */
function classicFront(rand: SeededRandom, look: CameraLook): string {
  const ground = 690;
  const [left, right, eaves] = [340, 1110, 330];
  let s = `<rect width="1500" height="1000" fill="url(#sky)"/>${clouds(rand, 560)}`;
  // far trees along the horizon, in the haze, and the lawn
  for (let x = -40; x < 1560; x += rand.int(70, 140)) s += cameraTree(rand, x, 600, rand.int(150, 260), mix(look.green, look.sky[2], 0.35), 1);
  s += `<rect y="590" width="1500" height="410" fill="url(#lawn)"/>`;
  for (let i = 0; i < 9; i++)
    s += poly(
      [
        [i * 190 - 200, 1000],
        [i * 190 - 60, 1000],
        [i * 60 + 420, 600],
        [i * 60 + 390, 600],
      ],
      '#fff',
      ` opacity="${i % 2 ? 0.05 : 0}"`,
    );
  // the garage wing (right), behind the main block
  s += `<rect x="1080" y="470" width="300" height="${ground - 470}" fill="url(#brick)"/><rect x="1080" y="470" width="300" height="${ground - 470}" fill="url(#wallLight)"/>`;
  s +=
    poly(
      [
        [1060, 472],
        [1400, 472],
        [1350, 400],
        [1110, 400],
      ],
      look.roof,
    ) + `<rect x="1060" y="472" width="340" height="26" fill="url(#eave)"/>`;
  for (const gx of [1110, 1250]) {
    s += `<rect x="${gx}" y="545" width="110" height="${ground - 545}" fill="${look.trim}"/>`;
    for (let k = 1; k < 5; k++) s += `<rect x="${gx + 6}" y="${545 + k * 29}" width="98" height="2.5" fill="#000" opacity="0.16"/>`;
  }
  // the main block: brick, lit from the left, with the eaves' shadow under the roof
  s += `<rect x="${left}" y="${eaves}" width="${right - left}" height="${ground - eaves}" fill="url(#brick)"/><rect x="${left}" y="${eaves}" width="${right - left}" height="${ground - eaves}" fill="url(#wallLight)"/>`;
  s += `<rect x="${left}" y="${ground - 22}" width="${right - left}" height="22" fill="${shade('#b9b1a3', look.dusk ? 0.6 : 1)}"/>`;
  s += poly(
    [
      [left - 40, eaves],
      [right + 40, eaves],
      [right - 150, 185],
      [left + 150, 185],
    ],
    look.roof,
  );
  s += poly(
    [
      [left - 40, eaves],
      [left + 150, 185],
      [left + 150, eaves],
    ],
    shade(look.roof, 1.25),
    ' opacity="0.6"',
  );
  for (let k = 1; k < 7; k++)
    s += `<rect x="${left - 40 + k * 27}" y="${eaves - k * 20.7}" width="${right - left + 80 - k * 54}" height="2" fill="#000" opacity="0.14"/>`;
  s += `<rect x="${left - 40}" y="${eaves}" width="${right - left + 80}" height="9" fill="${look.trim}"/><rect x="${left}" y="${eaves + 9}" width="${right - left}" height="40" fill="url(#eave)"/>`;
  s += `<rect x="${right - 230}" y="150" width="54" height="110" fill="url(#brick)"/><rect x="${right - 236}" y="142" width="66" height="12" fill="#6d6a66"/>`;
  // windows: five upstairs, two either side of the portico downstairs (never behind it)
  const centre = (left + right) / 2;
  const ww = 92;
  const wh = 128;
  const lit = look.dusk;
  for (let i = -2; i <= 2; i++) s += facadeWindow(centre + i * 148 - ww / 2, 395, ww, wh, look.trim, lit);
  for (const i of [-2, -1, 1, 2]) s += facadeWindow(centre + i * 148 + (i < 0 ? -20 : 20) - ww / 2, 545, ww, wh, look.trim, lit);
  // the portico: a pediment on two columns, a panelled door with sidelights, lanterns and steps
  const [pl, pr] = [centre - 80, centre + 80];
  s += `<rect x="${centre - 44}" y="540" width="88" height="${ground - 540 - 24}" fill="${shade(look.accent, 0.9)}"/>`;
  s += `<rect x="${centre - 34}" y="552" width="30" height="50" fill="#000" opacity="0.18"/><rect x="${centre + 4}" y="552" width="30" height="50" fill="#000" opacity="0.18"/><rect x="${centre - 34}" y="612" width="30" height="40" fill="#000" opacity="0.18"/><rect x="${centre + 4}" y="612" width="30" height="40" fill="#000" opacity="0.18"/>`;
  s += `<circle cx="${centre + 24}" cy="610" r="3.5" fill="#c8a25a"/>`;
  s += `<rect x="${centre - 62}" y="540" width="14" height="${ground - 564}" fill="url(#${lit ? 'litGlass' : 'glass'})"/><rect x="${centre + 48}" y="540" width="14" height="${ground - 564}" fill="url(#${lit ? 'litGlass' : 'glass'})"/>`;
  s +=
    `<rect x="${pl - 12}" y="505" width="${pr - pl + 24}" height="16" fill="${look.trim}"/>` +
    poly(
      [
        [pl - 18, 505],
        [pr + 18, 505],
        [centre, 462],
      ],
      look.trim,
    ) +
    poly(
      [
        [pl, 500],
        [pr, 500],
        [centre, 471],
      ],
      shade(look.trim, 0.88),
    );
  for (const cx of [pl, pr - 16])
    s += `<rect x="${cx}" y="521" width="16" height="${ground - 521 - 24}" fill="${look.trim}"/><rect x="${cx + 11}" y="521" width="5" height="${ground - 545}" fill="#000" opacity="0.12"/>`;
  for (const lx of [pl - 30, pr + 22])
    s += `<rect x="${lx}" y="560" width="9" height="18" fill="#222"/>${lit ? `<circle cx="${lx + 4.5}" cy="569" r="40" fill="url(#glow)"/>` : ''}`;
  for (let k = 0; k < 3; k++)
    s += `<rect x="${pl - 24 - k * 14}" y="${ground - 24 + k * 10}" width="${pr - pl + 48 + k * 28}" height="10" fill="${shade('#cfc8bc', 1 - k * 0.06)}"/>`;
  // the path to the door and the drive to the garage, in perspective
  s += poly(
    [
      [centre - 70, ground + 6],
      [centre + 70, ground + 6],
      [centre + 190, 1000],
      [centre - 190, 1000],
    ],
    shade('#cbc3b6', look.dusk ? 0.55 : 1),
  );
  s += poly(
    [
      [1110, ground],
      [1360, ground],
      [1620, 1000],
      [1180, 1000],
    ],
    shade('#a9a39a', look.dusk ? 0.5 : 1),
  );
  // the house's contact shadow, then foundation shrubs and the garden's trees
  s += `<rect x="${left - 20}" y="${ground - 6}" width="${1400 - left}" height="22" fill="#000" opacity="0.35" filter="url(#soft)"/>`;
  for (let x = left - 10; x < right + 10; x += rand.int(46, 70))
    if (Math.abs(x - centre) > 130) s += cameraTree(rand, x, ground + 28, rand.int(60, 90), shade(look.green, 0.85));
  s += cameraTree(rand, 150, 880, 560, look.green) + cameraTree(rand, 1440, 860, 470, shade(look.green, 1.1));
  return s;
}

/** A modern house at dusk: flat roofs, a cantilevered upper floor, floor-to-ceiling glass lit from inside, cedar and stone. */
function modernFront(rand: SeededRandom, look: CameraLook): string {
  const ground = 700;
  let s = `<rect width="1500" height="1000" fill="url(#sky)"/>${clouds(rand, 560, '#f6c9a3', 0.7)}`;
  for (let x = -40; x < 1560; x += rand.int(70, 140)) s += cameraTree(rand, x, 620, rand.int(170, 280), mix(look.green, look.sky[0], 0.4), 1);
  s += `<rect y="610" width="1500" height="390" fill="url(#lawn)"/>`;
  // lower volume: stone base and glass; upper volume: cedar, cantilevered to the right
  s += `<rect x="260" y="470" width="760" height="${ground - 470}" fill="${shade('#8c8579', 0.75)}"/>`;
  for (let row = 0; row < 8; row++)
    for (let c = 0; c < 14; c++)
      s += `<rect x="${260 + c * 55 + (row % 2) * 25}" y="${472 + row * 29}" width="52" height="26" fill="${shade('#8c8579', 0.6 + rand.next() * 0.35)}"/>`;
  s += `<rect x="420" y="500" width="560" height="${ground - 500}" fill="url(#litGlass)"/>`;
  // the rooms seen through the glass: a sofa, a pendant, a stair
  s += `<rect x="520" y="640" width="220" height="48" rx="8" fill="#3a3029" opacity="0.85"/><rect x="840" y="520" width="8" height="170" fill="#3a2a1f" opacity="0.7"/><circle cx="650" cy="560" r="18" fill="#fff4dc"/><circle cx="650" cy="560" r="70" fill="url(#glow)"/>`;
  for (let k = 1; k < 5; k++) s += `<rect x="${420 + k * 112}" y="500" width="6" height="${ground - 500}" fill="#1c1c1c"/>`;
  s += `<rect x="560" y="255" width="820" height="215" fill="#8b5a3c"/>`;
  for (let x = 566; x < 1380; x += 14)
    s += `<rect x="${x}" y="255" width="2" height="215" fill="#000" opacity="${(0.15 + rand.next() * 0.15).toFixed(2)}"/><rect x="${x + 4}" y="255" width="8" height="215" fill="#fff" opacity="${(rand.next() * 0.08).toFixed(2)}"/>`;
  s += `<rect x="640" y="290" width="520" height="140" fill="url(#litGlass)"/><rect x="898" y="290" width="6" height="140" fill="#1c1c1c"/>`;
  s += `<rect x="540" y="238" width="860" height="20" fill="#1f1f21"/><rect x="240" y="452" width="800" height="20" fill="#1f1f21"/><rect x="560" y="470" width="820" height="40" fill="#000" opacity="0.35" filter="url(#soft)"/>`;
  s += `<rect x="1040" y="470" width="340" height="${ground - 470}" fill="${shade('#46423d', 0.9)}"/><rect x="1080" y="540" width="260" height="${ground - 540}" fill="#2b2a28"/>`;
  for (let k = 1; k < 6; k++) s += `<rect x="1080" y="${540 + k * 26}" width="260" height="2" fill="#fff" opacity="0.08"/>`;
  // light spilling onto the terrace and the drive; path lights; the gardens
  s += `<rect x="400" y="${ground}" width="600" height="60" fill="url(#glow)" opacity="0.6"/>`;
  s +=
    poly(
      [
        [1060, ground],
        [1360, ground],
        [1560, 1000],
        [1050, 1000],
      ],
      '#5d5a56',
    ) +
    poly(
      [
        [560, ground],
        [700, ground],
        [640, 1000],
        [360, 1000],
      ],
      '#77716a',
    );
  for (const [x, y] of [
    [520, 800],
    [600, 900],
    [980, 760],
    [1000, 880],
  ] as const)
    s += `<rect x="${x}" y="${y}" width="6" height="26" fill="#222"/><circle cx="${x + 3}" cy="${y}" r="34" fill="url(#glow)"/>`;
  s += `<rect x="240" y="${ground - 6}" width="1160" height="20" fill="#000" opacity="0.4" filter="url(#soft)"/>`;
  for (let x = 250; x < 1040; x += rand.int(50, 80)) s += cameraTree(rand, x, ground + 30, rand.int(55, 85), look.green);
  s += cameraTree(rand, 110, 900, 600, look.green) + cameraTree(rand, 1450, 830, 420, shade(look.green, 1.1));
  return s;
}

/** A room in one-point perspective: back wall with a garden window, side walls, ceiling, plank floor with the window's light. */
function roomShell(
  rand: SeededRandom,
  look: CameraLook,
  v: View,
  back: { x0: number; x1: number; y0: number; y1: number },
  wall: string,
  floor: string,
): string {
  const { x0, x1, y0, y1 } = back;
  const far = (x: number, y: number): [number, number] => at(v, x, y, 4);
  const [tl, tr, bl, br] = [far(x0, y0), far(x1, y0), far(x0, y1), far(x1, y1)];
  let s = `<rect width="1500" height="1000" fill="${shade(wall, 0.9)}"/>`;
  s += poly(
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    wall,
  );
  s +=
    poly([tl, tr, [x1, y0], [x0, y0]], shade(wall, 1.08)) +
    poly([tl, [x0, y0], [x0, y1], bl], shade(wall, 0.86)) +
    poly([[x1, y0], tr, br, [x1, y1]], shade(wall, 0.8));
  // the plank floor: boards running away from the camera, each its own tone, joints converging on the vanishing point
  s += poly([[x0, y1], [x1, y1], br, bl], floor);
  const boards = 34;
  for (let i = 0; i < boards; i++) {
    const a = x0 + ((x1 - x0) * i) / boards;
    const b = x0 + ((x1 - x0) * (i + 1)) / boards;
    s += poly([[a, y1], [b, y1], at(v, b, y1, 4), at(v, a, y1, 4)], shade(floor, 0.86 + rand.next() * 0.26));
    s += poly([[a, y1], [a + 0.6, y1], at(v, a + 0.6, y1, 4), at(v, a, y1, 4)], '#000', ' opacity="0.25"');
  }
  s += `<rect x="${x0}" y="${y1 - 10}" width="${x1 - x0}" height="10" fill="${shade(wall, 1.1)}"/>`;
  // light falls off toward the room's edges and gathers in its corners (ambient occlusion)
  const edge = ' fill="none" stroke="#000" stroke-width="26" opacity="0.16" filter="url(#cloud)"';
  s += `<polyline points="${pts([tl, [x0, y0], [x1, y0], tr])}"${edge}/><polyline points="${pts([bl, [x0, y1], [x1, y1], br])}"${edge}/>`;
  s += `<line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y1}"${edge}/><line x1="${x1}" y1="${y0}" x2="${x1}" y2="${y1}"${edge}/>`;
  // the window on the back wall: the garden beyond, out of focus and brighter than the room
  const [gx0, gx1, gy0, gy1] = [x0 + (x1 - x0) * 0.12, x0 + (x1 - x0) * 0.88, y0 + (y1 - y0) * 0.08, y1 - 12];
  s += `<g><rect x="${gx0}" y="${gy0}" width="${gx1 - gx0}" height="${gy1 - gy0}" fill="url(#sky)"/>`;
  let view = '';
  for (let x = gx0 - 40; x < gx1 + 40; x += rand.int(40, 70))
    view += `<circle cx="${r1(x)}" cy="${r1(gy0 + (gy1 - gy0) * (0.5 + rand.next() * 0.2))}" r="${rand.int(40, 80)}" fill="${shade(look.green, 0.9 + rand.next() * 0.5)}"/>`;
  view += `<rect x="${gx0}" y="${gy0 + (gy1 - gy0) * 0.72}" width="${gx1 - gx0}" height="${(gy1 - gy0) * 0.3}" fill="${shade(look.green, 1.2)}"/>`;
  s += `<g filter="url(#view)" opacity="0.9">${view}</g><rect x="${gx0}" y="${gy0}" width="${gx1 - gx0}" height="${gy1 - gy0}" fill="#fff" opacity="${look.dusk ? 0.05 : 0.22}"/></g>`;
  s += `<rect x="${gx0 - 8}" y="${gy0 - 8}" width="${gx1 - gx0 + 16}" height="${gy1 - gy0 + 8}" fill="none" stroke="#2a2a2a" stroke-width="8"/>`;
  for (let k = 1; k < 3; k++) s += `<rect x="${gx0 + ((gx1 - gx0) * k) / 3 - 3}" y="${gy0}" width="6" height="${gy1 - gy0}" fill="#2a2a2a"/>`;
  // the window's light on the floor, reaching toward the camera
  s += poly([[gx0, y1], [gx1, y1], at(v, gx1 + 60, y1, 2.2), at(v, gx0 + 60, y1, 2.2)], '#fff3dd', ` opacity="${look.dusk ? 0.06 : 0.2}" filter="url(#cloud)"`);
  // recessed lights in the ceiling
  for (const z of [1.4, 2.2])
    for (const x of [x0 + (x1 - x0) * 0.25, x0 + (x1 - x0) * 0.75]) {
      const [cx, cy] = at(v, x, y0, z);
      s += `<ellipse cx="${r1(cx)}" cy="${r1(cy + 4)}" rx="${r1(12 * z)}" ry="${r1(4 * z)}" fill="#fffaf0"/><ellipse cx="${r1(cx)}" cy="${r1(cy + 10)}" rx="${r1(50 * z)}" ry="${r1(30 * z)}" fill="url(#glow)" opacity="0.35"/>`;
    }
  return s;
}

function plant(rand: SeededRandom, x: number, floor: number, h: number, green: string): string {
  let s = `<path d="M${x - h * 0.16} ${floor - h * 0.3} h${h * 0.32} l-${h * 0.04} ${h * 0.3} h-${h * 0.24} Z" fill="#d8d2c8"/>`;
  for (let i = 0; i < 22; i++) {
    const a = -Math.PI / 2 + (rand.next() - 0.5) * 2.2;
    const len = h * (0.4 + rand.next() * 0.5);
    s += `<ellipse cx="${r1(x + Math.cos(a) * len * 0.5)}" cy="${r1(floor - h * 0.3 + Math.sin(a) * len * 0.5)}" rx="${r1(len * 0.5)}" ry="${r1(h * 0.05)}" transform="rotate(${r1((a * 180) / Math.PI)} ${r1(x + Math.cos(a) * len * 0.5)} ${r1(floor - h * 0.3 + Math.sin(a) * len * 0.5)})" fill="${shade(green, 0.8 + rand.next() * 0.6)}"/>`;
  }
  return `<g filter="url(#leaf)">${s}</g>`;
}

function livingRoom(rand: SeededRandom, look: CameraLook): string {
  const v: View = { vx: rand.int(690, 810), vy: 470 };
  const back = { x0: 380, x1: 1120, y0: 210, y1: 660 };
  const wall = look.dusk ? '#cfc6b8' : '#ece6dc';
  let s = roomShell(rand, look, v, back, wall, look.floor);
  const fl = back.y1;
  // a rug, the sofa facing the camera's left, a coffee table, a lamp, a plant, art on the side wall
  s +=
    poly([at(v, 480, fl, 1.15), at(v, 1020, fl, 1.15), at(v, 1020, fl, 1.9), at(v, 480, fl, 1.9)], '#d9d0c0') +
    poly([at(v, 500, fl, 1.18), at(v, 1000, fl, 1.18), at(v, 1000, fl, 1.86), at(v, 500, fl, 1.86)], 'none', ' stroke="#b9ab95" stroke-width="3"');
  s += floorShadow(v, 470, 1030, fl, 1.05, 1.3);
  s += box(v, { x0: 470, x1: 1030, y0: 560, y1: fl, z0: 1.05, z1: 1.3 }, '#6b6259');
  s += box(v, { x0: 480, x1: 1020, y0: 600, y1: 630, z0: 1.28, z1: 1.42 }, '#857b70');
  for (let k = 0; k < 4; k++)
    s += box(v, { x0: 500 + k * 128, x1: 620 + k * 128, y0: 575 + (k % 2) * 6, y1: 622, z0: 1.32, z1: 1.4 }, k === 1 ? look.accent : '#a39a8e');
  s += floorShadow(v, 620, 880, fl, 1.55, 1.75, 0.35);
  s +=
    box(v, { x0: 640, x1: 860, y0: 628, y1: fl, z0: 1.55, z1: 1.75 }, '#3b2d22') +
    box(v, { x0: 630, x1: 870, y0: 620, y1: 630, z0: 1.54, z1: 1.76 }, '#e5e1da');
  const [lx, ly] = at(v, 1080, fl, 1.25);
  s += `<rect x="${r1(lx)}" y="${r1(ly - 330)}" width="5" height="330" fill="#2a2622"/><path d="M${r1(lx - 34)} ${r1(ly - 330)} h73 l-14 -52 h-45 z" fill="#f4ecdc"/><circle cx="${r1(lx + 2)}" cy="${r1(ly - 330)}" r="110" fill="url(#glow)" opacity="0.45"/>`;
  s += plant(rand, at(v, 420, fl, 1.4)[0], at(v, 420, fl, 1.4)[1], 260, look.green);
  s +=
    poly([at(v, back.x1, 300, 1.5), at(v, back.x1, 300, 2.3), at(v, back.x1, 520, 2.3), at(v, back.x1, 520, 1.5)], '#2d3440') +
    poly([at(v, back.x1, 312, 1.53), at(v, back.x1, 312, 2.26), at(v, back.x1, 508, 2.26), at(v, back.x1, 508, 1.53)], mix(look.accent, '#c9b48f', 0.5));
  return s;
}

function kitchen(rand: SeededRandom, look: CameraLook): string {
  const v: View = { vx: rand.int(700, 800), vy: 440 };
  const back = { x0: 360, x1: 1140, y0: 200, y1: 650 };
  const wall = look.dusk ? '#d4cdc2' : '#f1ede6';
  let s = roomShell(rand, look, v, back, wall, mix(look.floor, '#c8b8a0', 0.4));
  const fl = back.y1;
  const cabinet = rand.pick(['#2f3b45', '#e9e5de', '#5b6b5a']);
  // tall cabinets on both sides of the window wall, a counter under it
  s += box(v, { x0: 360, x1: 520, y0: 215, y1: fl, z0: 1, z1: 1.05 }, cabinet) + box(v, { x0: 980, x1: 1140, y0: 215, y1: fl, z0: 1, z1: 1.05 }, cabinet);
  s += box(v, { x0: 520, x1: 980, y0: 560, y1: fl, z0: 1, z1: 1.07 }, cabinet) + box(v, { x0: 515, x1: 985, y0: 548, y1: 560, z0: 1, z1: 1.08 }, '#f4f2ee');
  // the island with its stone top, stools, and pendants over it
  s += floorShadow(v, 520, 980, fl, 1.45, 1.8);
  s +=
    box(v, { x0: 540, x1: 960, y0: 560, y1: fl, z0: 1.45, z1: 1.78 }, cabinet) + box(v, { x0: 520, x1: 980, y0: 544, y1: 560, z0: 1.43, z1: 1.82 }, '#f7f5f1');
  s += poly([at(v, 520, 544, 1.43), at(v, 980, 544, 1.43), at(v, 980, 544, 1.82), at(v, 520, 544, 1.82)], 'url(#glass)', ' opacity="0.12"');
  for (let k = 0; k < 3; k++) {
    const x = 600 + k * 150;
    s += box(v, { x0: x, x1: x + 70, y0: 590, y1: 600, z0: 1.86, z1: 1.96 }, '#3a2d24');
    const [a, b] = at(v, x + 8, 600, 1.93);
    const [c] = at(v, x + 62, 600, 1.93);
    const [, d] = at(v, x + 8, fl, 1.93);
    s += `<rect x="${r1(a)}" y="${r1(b)}" width="4" height="${r1(d - b)}" fill="#2a2520"/><rect x="${r1(c - 4)}" y="${r1(b)}" width="4" height="${r1(d - b)}" fill="#2a2520"/>`;
  }
  for (let k = 0; k < 3; k++) {
    const [px, py] = at(v, 620 + k * 130, 200, 1.6);
    s += `<rect x="${r1(px)}" y="0" width="2" height="${r1(py + 150)}" fill="#222"/><path d="M${r1(px - 26)} ${r1(py + 190)} q27 -50 54 0 z" fill="${look.accent}"/><ellipse cx="${r1(px + 1)}" cy="${r1(py + 192)}" rx="70" ry="40" fill="url(#glow)" opacity="0.5"/>`;
  }
  return s;
}

function bedroom(rand: SeededRandom, look: CameraLook): string {
  const v: View = { vx: rand.int(700, 800), vy: 430 };
  const back = { x0: 380, x1: 1120, y0: 210, y1: 650 };
  const wall = look.dusk ? '#bfb6ab' : '#e6e0d6';
  let s = roomShell(rand, look, v, back, wall, look.floor);
  const fl = back.y1;
  const linen = '#f6f3ee';
  s += poly([at(v, 420, fl, 1.2), at(v, 1080, fl, 1.2), at(v, 1080, fl, 2.1), at(v, 420, fl, 2.1)], '#cfc4b4');
  // the bed: headboard on the back wall, mattress, duvet with a throw, pillows; nightstands with lamps
  s += box(v, { x0: 560, x1: 940, y0: 440, y1: fl, z0: 1.02, z1: 1.05 }, '#8a7f72');
  s += floorShadow(v, 560, 940, fl, 1.05, 1.75);
  s += box(v, { x0: 570, x1: 930, y0: 580, y1: fl, z0: 1.05, z1: 1.72 }, linen);
  s += box(v, { x0: 568, x1: 932, y0: 575, y1: 600, z0: 1.4, z1: 1.73 }, mix(look.accent, '#e8dccb', 0.55));
  for (const x of [600, 760]) s += box(v, { x0: x, x1: x + 140, y0: 530, y1: 580, z0: 1.07, z1: 1.14 }, '#ffffff');
  for (const x of [470, 950]) {
    s += box(v, { x0: x, x1: x + 80, y0: 585, y1: fl, z0: 1.04, z1: 1.16 }, '#5a4636');
    const [lx, ly] = at(v, x + 40, 585, 1.1);
    s += `<rect x="${r1(lx - 3)}" y="${r1(ly - 60)}" width="6" height="60" fill="#cbb79a"/><path d="M${r1(lx - 30)} ${r1(ly - 60)} h60 l-10 -44 h-40 z" fill="#f7efdf"/><circle cx="${r1(lx)}" cy="${r1(ly - 80)}" r="90" fill="url(#glow)" opacity="${look.dusk ? 0.7 : 0.35}"/>`;
  }
  return s;
}

/** The back terrace: a stone deck in perspective, the pool, loungers and the garden's trees. */
function poolTerrace(rand: SeededRandom, look: CameraLook): string {
  const v: View = { vx: rand.int(680, 820), vy: 430 };
  let s = `<rect width="1500" height="1000" fill="url(#sky)"/>${clouds(rand, 430, look.dusk ? '#f3b88f' : '#ffffff', 0.8)}`;
  for (let x = -40; x < 1560; x += rand.int(60, 120)) s += cameraTree(rand, x, 470, rand.int(180, 300), mix(look.green, look.sky[1], 0.25), 1);
  // the deck: stone slabs whose joints converge on the vanishing point
  s += `<rect y="430" width="1500" height="570" fill="${shade('#d9d2c5', look.dusk ? 0.62 : 1)}"/>`;
  for (let i = -12; i <= 12; i++) s += `<line x1="${v.vx + i * 38}" y1="430" x2="${v.vx + i * 38 * 4}" y2="1000" stroke="#a69d8f" stroke-width="1.6"/>`;
  for (let z = 1.05; z < 2.4; z *= 1.12) s += `<rect x="0" y="${r1(v.vy + 30 * z * z * 1.5)}" width="1500" height="1.4" fill="#a69d8f"/>`;
  s += `<rect y="430" width="1500" height="570" fill="url(#wallLight)" opacity="0.6"/>`;
  // the pool: its far coping, the water with the sky's reflection and ripples, the near coping
  const [a, b, c, d] = [at(v, 380, 560, 1), at(v, 1060, 560, 1), at(v, 1060, 560, 1.9), at(v, 380, 560, 1.9)];
  s += poly([a, b, c, d], 'url(#water)') + poly([a, b, c, d], 'none', ' stroke="#efeae0" stroke-width="10"');
  for (let i = 0; i < 40; i++) {
    const y = a[1] + (d[1] - a[1]) * rand.next();
    const x = d[0] + (c[0] - d[0]) * rand.next();
    s += `<path d="M${r1(x)} ${r1(y)} q20 -6 40 0 t40 0" stroke="#ffffff" stroke-width="${r1(1 + rand.next() * 2)}" fill="none" opacity="${(0.15 + rand.next() * 0.3).toFixed(2)}"/>`;
  }
  // loungers along the near side
  for (let k = 0; k < 3; k++) {
    const x = 1090 + k * 70;
    s += floorShadow(v, x, x + 50, 560, 1.1, 1.45, 0.3) + box(v, { x0: x, x1: x + 50, y0: 548, y1: 560, z0: 1.1, z1: 1.45 }, '#f2efe9');
    s += box(v, { x0: x, x1: x + 50, y0: 520, y1: 548, z0: 1.1, z1: 1.16 }, '#e9e4db');
  }
  s += cameraTree(rand, 120, 930, 640, look.green) + plant(rand, 300, 960, 220, look.green);
  return s;
}

/** The SVG of pool photograph `index` at CAMERA_SCENE_WIDTH x CAMERA_SCENE_HEIGHT (scene sceneFor(index + 1)). */
export function cameraSceneSvg(index: number): string {
  const rand = new SeededRandom(hashString(`camera-scene#${index}`));
  const scene = sceneFor(index + 1);
  const look = LOOKS[index % 2] as CameraLook;
  let body: string;
  if (scene === 'facade') body = index % 2 ? modernFront(rand, look) : classicFront(rand, look);
  else if (scene === 'living') body = livingRoom(rand, look);
  else if (scene === 'kitchen') body = kitchen(rand, look);
  else if (scene === 'bedroom') body = bedroom(rand, look);
  else body = poolTerrace(rand, look);
  const brick = brickPattern(rand, 'brick', look.wall, '#cfc6b8');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAMERA_SCENE_WIDTH}" height="${CAMERA_SCENE_HEIGHT}" viewBox="0 0 ${CAMERA_SCENE_WIDTH} ${CAMERA_SCENE_HEIGHT}">` +
    `${defs(look)}${brick}</defs>${body}<rect width="1500" height="1000" fill="url(#vignette)"/></svg>`
  );
}
