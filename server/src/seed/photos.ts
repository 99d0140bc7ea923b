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
    const cols = 4;
    for (let c = 0; c < cols; c++) {
      for (let row = 0; row < 2; row++) {
        const wx = left + 45 + c * ((width - 90) / cols);
        const wy = top + 35 + row * (height / 2 - 5);
        s += `<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1((width - 90) / cols - 40)}" height="${r1(height / 2 - 70)}" fill="${p.glass}" stroke="${p.trim}" stroke-width="5"/>`;
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
