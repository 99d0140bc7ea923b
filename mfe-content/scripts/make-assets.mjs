// Generates the small SVG illustrations of mfe-content into src/assets (run: node mfe-content/scripts/make-assets.mjs).
// Hand-tuned scenes, seeded so the output is stable: re-running gives the same files.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'assets');
mkdirSync(out, { recursive: true });
const write = (name, svg) => writeFileSync(join(out, name), svg.replace(/\n\s*/g, '').trim() + '\n');

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 4294967296;
}
const f = (n) => Math.round(n * 10) / 10;
const svg = (w, h, body, label) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}">${body}</svg>`;
const grad = (id, stops, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

/** A city skyline silhouette between x0 and x1 standing on baseY; optional lit windows. */
function skyline(seed, baseY, x0, x1, color, { maxH = 260, lights = null, tower = null } = {}) {
  const r = rng(seed);
  let x = x0;
  let d = '';
  let win = '';
  while (x < x1) {
    const w = 28 + r() * 70;
    const h = 40 + r() * r() * maxH;
    d += `<rect x="${f(x)}" y="${f(baseY - h)}" width="${f(w)}" height="${f(h + 2)}"/>`;
    if (lights) {
      for (let wy = baseY - h + 12; wy < baseY - 10; wy += 16)
        for (let wx = x + 6; wx < x + w - 8; wx += 12) if (r() < 0.28) win += `<rect x="${f(wx)}" y="${f(wy)}" width="5" height="7"/>`;
    }
    x += w + r() * 6;
  }
  if (tower) {
    const t = tower;
    d += `<path d="M${t - 5} ${baseY} L${t - 3} ${baseY - 330} L${t + 3} ${baseY - 330} L${t + 5} ${baseY} Z"/><ellipse cx="${t}" cy="${baseY - 300}" rx="16" ry="9"/><rect x="${t - 1.2}" y="${baseY - 420}" width="2.4" height="95"/>`;
  }
  return `<g fill="${color}">${d}</g>${lights ? `<g fill="${lights}" opacity="0.85">${win}</g>` : ''}`;
}
function stars(seed, n, h, w = 1600) {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < n; i++) s += `<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(0.6 + r() * 1.4)}"/>`;
  return `<g fill="#fff" opacity="0.7">${s}</g>`;
}
function trees(seed, baseY, x0, x1, color, size = 60) {
  const r = rng(seed);
  let t = '';
  for (let x = x0; x < x1; x += size * (0.5 + r() * 0.6)) {
    const h = size * (0.8 + r() * 0.9);
    t += `<path d="M${f(x)} ${baseY} L${f(x + h * 0.28)} ${f(baseY - h)} L${f(x + h * 0.56)} ${baseY} Z"/>`;
  }
  return `<g fill="${color}">${t}</g>`;
}
function house(x, baseY, s, body, roof, windowColor) {
  // A modern estate: two volumes, flat and pitched roofs, a glass wall.
  return `<g transform="translate(${x} ${baseY}) scale(${s})">
    <rect x="0" y="-170" width="260" height="170" fill="${body}"/>
    <path d="M-20 -170 L130 -250 L280 -170 Z" fill="${roof}"/>
    <rect x="250" y="-120" width="240" height="120" fill="${body}"/>
    <rect x="240" y="-128" width="262" height="12" fill="${roof}"/>
    <g fill="${windowColor}"><rect x="30" y="-140" width="50" height="60"/><rect x="105" y="-140" width="50" height="60"/><rect x="180" y="-140" width="50" height="60"/>
    <rect x="30" y="-62" width="50" height="62"/><rect x="180" y="-62" width="50" height="62"/><rect x="275" y="-100" width="190" height="84"/></g>
    <g stroke="${body}" stroke-width="4"><line x1="322" y1="-100" x2="322" y2="-16"/><line x1="370" y1="-100" x2="370" y2="-16"/><line x1="418" y1="-100" x2="418" y2="-16"/></g>
    <rect x="105" y="-62" width="50" height="62" fill="${roof}"/></g>`;
}

// ---------- Hero slides (1600 x 900) ----------
const hero = [
  [
    'hero-1-skyline-dusk.svg',
    'The Toronto skyline at dusk over Lake Ontario',
    () => `
    <defs>${grad('s', [
      [0, '#1b1f3a'],
      [0.45, '#6b3f5e'],
      [0.75, '#d98c5f'],
      [1, '#f2c48d'],
    ])}${grad('w', [
      [0, '#3a2d44'],
      [1, '#12141f'],
    ])}</defs>
    <rect width="1600" height="900" fill="url(#s)"/>${stars(3, 50, 260)}
    <circle cx="1180" cy="560" r="70" fill="#f7d9a6" opacity="0.9"/>
    ${skyline(11, 620, 120, 1480, '#1a1a26', { maxH: 300, lights: '#f3c97a', tower: 700 })}
    <rect y="620" width="1600" height="280" fill="url(#w)"/>
    <g stroke="#f3c97a" stroke-width="3" opacity="0.35"><line x1="1120" y1="650" x2="1240" y2="650"/><line x1="1140" y1="680" x2="1220" y2="680"/><line x1="1160" y1="715" x2="1200" y2="715"/></g>`,
  ],
  [
    'hero-2-lakeshore-morning.svg',
    'A calm lakeshore at sunrise with a sailboat',
    () => `
    <defs>${grad('s', [
      [0, '#9bb7cf'],
      [0.6, '#e9d6c0'],
      [1, '#f6e7d2'],
    ])}${grad('w', [
      [0, '#8aa5b8'],
      [1, '#3d5566'],
    ])}</defs>
    <rect width="1600" height="900" fill="url(#s)"/><circle cx="420" cy="520" r="90" fill="#fbefd9"/>
    <path d="M0 560 C300 520 520 540 800 530 S1300 500 1600 540 V600 H0Z" fill="#7d8f8a" opacity="0.7"/>
    ${skyline(21, 575, 980, 1500, '#6f7f86', { maxH: 120 })}
    <rect y="575" width="1600" height="325" fill="url(#w)"/>
    <g fill="#fbefd9" opacity="0.5"><rect x="330" y="600" width="180" height="3"/><rect x="360" y="630" width="120" height="3"/><rect x="390" y="665" width="60" height="3"/></g>
    <g transform="translate(1000 640)"><path d="M0 0 L0 -150 L80 0Z" fill="#f7f4ee"/><path d="M-8 0 L0 -120 L-60 0Z" fill="#e7e1d6"/><path d="M-70 8 H95 L80 24 H-55Z" fill="#2a2d33"/></g>
    <path d="M0 820 C200 790 420 800 620 840 S1100 880 1600 830 V900 H0Z" fill="#2f3b3f"/>`,
  ],
  [
    'hero-3-estate-golden-hour.svg',
    'A modern estate home at golden hour',
    () => `
    <defs>${grad('s', [
      [0, '#f0c98f'],
      [0.55, '#f7e1bd'],
      [1, '#fdf1dc'],
    ])}${grad('g', [
      [0, '#55643f'],
      [1, '#2f3a25'],
    ])}</defs>
    <rect width="1600" height="900" fill="url(#s)"/><circle cx="1300" cy="380" r="110" fill="#fff3d6" opacity="0.9"/>
    ${trees(31, 640, 0, 1600, '#44523a', 90)}
    <rect y="630" width="1600" height="270" fill="url(#g)"/>
    ${house(430, 680, 1.45, '#ece4d6', '#2a2d33', '#f2c072')}
    <path d="M560 900 L820 680 L900 680 L840 900Z" fill="#d9cdb6" opacity="0.8"/>
    ${trees(37, 900, -40, 360, '#232b1c', 150)}${trees(41, 900, 1290, 1640, '#232b1c', 150)}`,
  ],
  [
    'hero-4-city-night.svg',
    'City towers lit up at night',
    () => `
    <defs>${grad('s', [
      [0, '#070a14'],
      [0.7, '#1b2440'],
      [1, '#2d3558'],
    ])}</defs>
    <rect width="1600" height="900" fill="url(#s)"/>${stars(7, 110, 420)}
    <circle cx="260" cy="170" r="46" fill="#efe6cf"/><circle cx="280" cy="160" r="44" fill="#0b0f1c"/>
    ${skyline(51, 900, -20, 1620, '#0f1424', { maxH: 620, lights: '#e9c37a' })}`,
  ],
  [
    'hero-5-harbour-sunset.svg',
    'A lighthouse on the Oakville harbour at sunset',
    () => `
    <defs>${grad('s', [
      [0, '#2e2747'],
      [0.5, '#b4576a'],
      [0.8, '#f0a36b'],
      [1, '#f9d29a'],
    ])}${grad('w', [
      [0, '#8b4a5a'],
      [1, '#1e1b2c'],
    ])}</defs>
    <rect width="1600" height="900" fill="url(#s)"/><circle cx="800" cy="600" r="130" fill="#fcd9a0"/>
    <rect y="600" width="1600" height="300" fill="url(#w)"/>
    <g fill="#fcd9a0" opacity="0.45"><rect x="690" y="625" width="220" height="4"/><rect x="720" y="660" width="160" height="4"/><rect x="760" y="700" width="80" height="4"/></g>
    <path d="M1120 640 H1600 V660 H1110Z" fill="#17131f"/>
    <g fill="#17131f"><path d="M1300 640 L1312 440 H1348 L1360 640Z"/><rect x="1304" y="410" width="52" height="32"/><path d="M1300 410 L1330 380 L1360 410Z"/></g>
    <rect x="1312" y="418" width="36" height="16" fill="#ffe2a3"/>
    ${trees(61, 642, 1380, 1600, '#17131f', 70)}
    <g fill="#17131f"><path d="M300 700 h120 l-14 16 h-92z"/><rect x="356" y="590" width="3" height="110"/><path d="M359 596 L410 694 H359Z" opacity="0.9"/></g>`,
  ],
  [
    'hero-6-escarpment-twilight.svg',
    'Homes along the escarpment at twilight',
    () => `
    <defs>${grad('s', [
      [0, '#1e2b45'],
      [0.6, '#56698a'],
      [1, '#c9b8a6'],
    ])}</defs>
    <rect width="1600" height="900" fill="url(#s)"/>${stars(9, 40, 300)}
    <path d="M0 520 C250 430 480 470 700 440 S1200 380 1600 450 V900 H0Z" fill="#3a4458"/>
    <path d="M0 640 C300 580 600 620 900 590 S1400 560 1600 600 V900 H0Z" fill="#2a3142"/>
    ${trees(71, 600, 0, 1600, '#222838', 55)}
    ${house(980, 760, 0.9, '#3b4150', '#1a1e29', '#f1c27a')}${house(220, 790, 0.75, '#3b4150', '#1a1e29', '#f1c27a')}
    <path d="M0 800 C400 770 900 800 1600 770 V900 H0Z" fill="#171b25"/>`,
  ],
];
for (const [name, label, body] of hero) write(name, svg(1600, 900, body(), label));

// ---------- Award medallions (400 x 400) ----------
const awards = [
  ['award-2020-directors-platinum.svg', "Director's Platinum", 2020, '#d9dde3', '#8c949e'],
  ['award-2021-red-diamond.svg', 'Red Diamond', 2021, '#e7a0a0', '#8e2b2b'],
  ['award-2023-presidents-gold.svg', "President's Gold", 2023, '#ecd39a', '#9c7a35'],
  ['award-2023-award.svg', 'Award of Excellence', 2023, '#d8c7a3', '#6d5a36'],
  ['award-2024-presidents-gold.svg', "President's Gold", 2024, '#f0d9a0', '#a5803a'],
];
for (const [name, title, year, light, dark] of awards) {
  // Two laurel branches hugging the medallion's lower half; the page adds the year as a badge.
  let laurel = '';
  for (let i = 0; i < 8; i++) {
    const deg = 105 + i * 9.5;
    const a = (deg * Math.PI) / 180;
    const x = 200 + Math.sin(a) * 142;
    const y = 190 - Math.cos(a) * 142;
    laurel += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="7" ry="17" transform="rotate(${f(deg - 90 - 28)} ${f(x)} ${f(y)})"/>`;
    laurel += `<ellipse cx="${f(400 - x)}" cy="${f(y)}" rx="7" ry="17" transform="rotate(${f(-(deg - 90 - 28))} ${f(400 - x)} ${f(y)})"/>`;
  }
  write(
    name,
    svg(
      400,
      400,
      `
    <defs><radialGradient id="m" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="#fff"/><stop offset="0.35" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs>
    <rect width="400" height="400" fill="#14161a"/>
    <g fill="${light}" opacity="0.85">${laurel}</g>
    <circle cx="200" cy="190" r="118" fill="url(#m)"/><circle cx="200" cy="190" r="100" fill="none" stroke="#14161a" stroke-opacity="0.3" stroke-width="2"/>
    <path d="M200 128 l17 36 40 5 -29 27 7 40 -35 -19 -35 19 7 -40 -29 -27 40 -5z" fill="#14161a" fill-opacity="0.5"/>
    <path d="M150 356 h100" stroke="${light}" stroke-width="2" opacity="0.6"/>`,
      `${title} award medallion, ${year}`,
    ),
  );
}

// ---------- 16:9 scenes (960 x 540): services, blog covers, office interior ----------
const scene = (name, label, body) => write(name, svg(960, 540, body, label));
scene(
  'service-list-with-us.svg',
  'A for-sale sign in front of a stately home',
  `
  <defs>${grad('s', [
    [0, '#c9d6df'],
    [1, '#f2ece2'],
  ])}</defs><rect width="960" height="540" fill="url(#s)"/>
  ${trees(81, 400, 0, 960, '#5b6b52', 70)}<rect y="395" width="960" height="145" fill="#6f7f5c"/>
  ${house(260, 420, 0.85, '#f4efe6', '#3a3d44', '#c8ab78')}
  <g transform="translate(120 500)"><rect x="0" y="-190" width="8" height="190" fill="#2a2d33"/><rect x="8" y="-180" width="120" height="8" fill="#2a2d33"/><rect x="22" y="-168" width="100" height="70" fill="#14161a"/><rect x="30" y="-160" width="84" height="54" fill="none" stroke="#c8ab78" stroke-width="2"/><text x="72" y="-126" text-anchor="middle" font-family="Georgia, serif" font-size="16" fill="#c8ab78">FOR SALE</text></g>`,
);
scene(
  'service-interactive-map.svg',
  'A stylised map with location pins',
  `
  <rect width="960" height="540" fill="#e9e4da"/>
  <path d="M0 380 C180 340 300 420 470 380 S760 300 960 350 V540 H0Z" fill="#b9cbd3"/>
  <g stroke="#fff" stroke-width="10" fill="none"><path d="M0 120 H960"/><path d="M0 250 C300 240 600 270 960 230"/><path d="M200 0 V540"/><path d="M520 0 C500 200 560 300 540 540"/><path d="M780 0 V540"/></g>
  <g stroke="#fff" stroke-width="4" fill="none" opacity="0.8"><path d="M0 60 H960"/><path d="M0 185 H960"/><path d="M360 0 V540"/><path d="M660 0 V540"/></g>
  <g fill="#cfd9c4"><rect x="220" y="140" width="120" height="90"/><rect x="560" y="130" width="200" height="80"/></g>
  ${[
    [300, 200],
    [610, 175],
    [820, 290],
  ]
    .map(
      ([x, y]) =>
        `<g transform="translate(${x} ${y})"><path d="M0 0 C-26 -30 -26 -62 0 -62 S26 -30 0 0Z" fill="#14161a"/><circle cx="0" cy="-40" r="9" fill="#c8ab78"/></g>`,
    )
    .join('')}`,
);
scene(
  'service-our-offices.svg',
  'A glass office tower lobby',
  `
  <defs>${grad('s', [
    [0, '#2a2d33'],
    [1, '#14161a'],
  ])}</defs><rect width="960" height="540" fill="url(#s)"/>
  <g fill="#3b4150">${Array.from({ length: 9 }, (_, i) => `<rect x="${60 + i * 96}" y="40" width="80" height="380"/>`).join('')}</g>
  <g fill="#c8ab78" opacity="0.18">${Array.from({ length: 9 }, (_, i) => `<rect x="${60 + i * 96}" y="40" width="24" height="380"/>`).join('')}</g>
  <rect y="420" width="960" height="120" fill="#1b1d22"/><rect x="380" y="250" width="200" height="170" fill="#f3d9a4" opacity="0.9"/><rect x="476" y="250" width="6" height="170" fill="#2a2d33"/>
  <rect x="330" y="430" width="300" height="6" fill="#c8ab78"/>`,
);
scene(
  'service-neighbourhood-guides.svg',
  'A tree-lined residential street',
  `
  <defs>${grad('s', [
    [0, '#bcd0dc'],
    [1, '#efe7d9'],
  ])}</defs><rect width="960" height="540" fill="url(#s)"/>
  <path d="M380 540 L470 300 H490 L580 540Z" fill="#9a958b"/><rect y="300" width="960" height="240" fill="#7a8b63" opacity="0.6"/>
  <path d="M380 540 L470 300 H490 L580 540Z" fill="#a9a397"/>
  ${[0, 1, 2].map((i) => `<g transform="translate(${40 + i * 100} ${330 + i * 40}) scale(${0.45 + i * 0.1})"><rect y="-160" width="220" height="160" fill="#efe7da"/><path d="M-15 -160 L110 -240 L235 -160Z" fill="#5b4636"/><rect x="90" y="-80" width="40" height="80" fill="#3a2d24"/><rect x="25" y="-130" width="40" height="40" fill="#c8ab78"/><rect x="155" y="-130" width="40" height="40" fill="#c8ab78"/></g>`).join('')}
  ${[0, 1, 2].map((i) => `<g transform="translate(${880 - i * 100} ${330 + i * 40}) scale(${-(0.45 + i * 0.1)} ${0.45 + i * 0.1})"><rect y="-160" width="220" height="160" fill="#e4dccd"/><path d="M-15 -160 L110 -240 L235 -160Z" fill="#3e4a55"/><rect x="90" y="-80" width="40" height="80" fill="#2a2d33"/><rect x="25" y="-130" width="40" height="40" fill="#c8ab78"/><rect x="155" y="-130" width="40" height="40" fill="#c8ab78"/></g>`).join('')}
  <g fill="#3f5236">${[330, 380, 560, 620].map((x, i) => `<circle cx="${x}" cy="${330 + (i % 2) * 40}" r="${46 + (i % 2) * 14}"/>`).join('')}</g>`,
);
scene(
  'service-home-valuation.svg',
  'A rising value chart beside a house outline',
  `
  <rect width="960" height="540" fill="#14161a"/>
  <g stroke="#2a2d33" stroke-width="2">${[120, 200, 280, 360, 440].map((y) => `<line x1="80" y1="${y}" x2="880" y2="${y}"/>`).join('')}</g>
  <g fill="#3b4150">${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${120 + i * 100}" y="${440 - (60 + i * 45)}" width="56" height="${60 + i * 45}"/>`).join('')}</g>
  <path d="M148 370 L248 330 L348 300 L448 240 L548 215 L648 160 L748 110" fill="none" stroke="#c8ab78" stroke-width="6"/>
  <circle cx="748" cy="110" r="12" fill="#c8ab78"/>
  <g fill="none" stroke="#f7f4ee" stroke-width="4" transform="translate(160 90)"><path d="M0 70 L60 20 L120 70 V140 H0Z"/><rect x="46" y="92" width="28" height="48"/></g>`,
);
scene(
  'service-new-development.svg',
  'Tower cranes over a condominium under construction',
  `
  <defs>${grad('s', [
    [0, '#d9cbb4'],
    [1, '#f4ede2'],
  ])}</defs><rect width="960" height="540" fill="url(#s)"/>
  ${skyline(91, 470, 0, 960, '#b8ad9c', { maxH: 160 })}
  <g fill="#3b4150"><rect x="380" y="170" width="200" height="300"/></g>
  <g fill="#c8ab78" opacity="0.5">${Array.from({ length: 8 }, (_, r) => Array.from({ length: 5 }, (_, c) => `<rect x="${392 + c * 38}" y="${184 + r * 34}" width="26" height="20"/>`).join('')).join('')}</g>
  <g fill="none" stroke="#8a6100" stroke-width="6"><path d="M610 470 V60"/><path d="M430 70 H820"/><path d="M610 60 L680 70"/><path d="M760 70 V140"/></g>
  <g fill="none" stroke="#14161a" stroke-width="4"><path d="M240 470 V120"/><path d="M120 128 H420"/><path d="M380 128 V230"/></g>
  <rect y="470" width="960" height="70" fill="#6d6457"/>`,
);
scene(
  'testimonials-office.svg',
  'A quiet client lounge with armchairs and a window',
  `
  <rect width="960" height="540" fill="#2a2d33"/><rect x="520" y="50" width="380" height="300" fill="#c9b38a"/><g stroke="#2a2d33" stroke-width="8"><line x1="710" y1="50" x2="710" y2="350"/><line x1="520" y1="200" x2="900" y2="200"/></g>
  <rect y="400" width="960" height="140" fill="#1e2025"/>
  <g transform="translate(140 420)"><rect x="0" y="-120" width="180" height="90" rx="16" fill="#7a5c2e"/><rect x="-20" y="-60" width="220" height="60" rx="12" fill="#8d6c3a"/><rect x="10" y="0" width="10" height="30" fill="#14161a"/><rect x="160" y="0" width="10" height="30" fill="#14161a"/></g>
  <g transform="translate(580 420)"><rect x="0" y="-120" width="180" height="90" rx="16" fill="#7a5c2e"/><rect x="-20" y="-60" width="220" height="60" rx="12" fill="#8d6c3a"/><rect x="10" y="0" width="10" height="30" fill="#14161a"/><rect x="160" y="0" width="10" height="30" fill="#14161a"/></g>
  <ellipse cx="440" cy="420" rx="90" ry="14" fill="#c8ab78"/><rect x="434" y="420" width="12" height="70" fill="#c8ab78"/>
  <path d="M80 60 h160 v200 h-160z" fill="#3b4150"/><path d="M100 80 h120 v160 h-120z" fill="#56698a" opacity="0.6"/>`,
);
scene(
  'about-portrait-scene.svg',
  'A boardroom table set for a client meeting',
  `
  <defs>${grad('s', [
    [0, '#3b4150'],
    [1, '#14161a'],
  ])}</defs><rect width="960" height="540" fill="url(#s)"/>
  <rect x="80" y="60" width="800" height="240" fill="#1b1d22"/>${skyline(5, 300, 80, 880, '#2f3442', { maxH: 180, lights: '#c8ab78' })}
  <path d="M140 400 L820 400 L900 470 L60 470Z" fill="#7a5c2e"/><rect x="60" y="470" width="840" height="14" fill="#5b431f"/>
  ${[220, 360, 500, 640].map((x) => `<rect x="${x}" y="330" width="90" height="70" rx="10" fill="#14161a"/>`).join('')}
  <rect x="430" y="380" width="100" height="14" fill="#f7f4ee" opacity="0.8"/>`,
);

// ---------- Blog covers (960 x 540) ----------
const blogs = [
  [
    'blog-first-home.svg',
    'Keys resting on a set of house plans',
    '#e9e1d3',
    (b) =>
      `${b}<g transform="translate(480 290)"><rect x="-260" y="-150" width="520" height="300" fill="#dfe7ee"/><g stroke="#56698a" stroke-width="3" fill="none"><rect x="-220" y="-110" width="200" height="140"/><rect x="-20" y="-110" width="200" height="220"/><path d="M-220 30 H-20 V110 H-220Z"/></g><circle cx="160" cy="-100" r="36" fill="none" stroke="#c8ab78" stroke-width="12"/><rect x="188" y="-80" width="110" height="16" fill="#c8ab78" transform="rotate(30 188 -80)"/></g>`,
  ],
  [
    'blog-staging.svg',
    'A staged living room with a sofa and artwork',
    '#efe9df',
    (b) =>
      `${b}<rect y="380" width="960" height="160" fill="#c9b89b"/><rect x="380" y="90" width="200" height="140" fill="#14161a"/><rect x="392" y="102" width="176" height="116" fill="#c8ab78"/><g fill="#2a2d33"><rect x="280" y="290" width="400" height="100" rx="20"/><rect x="260" y="260" width="60" height="130" rx="20"/><rect x="640" y="260" width="60" height="130" rx="20"/></g><rect x="740" y="220" width="10" height="170" fill="#14161a"/><ellipse cx="745" cy="215" rx="40" ry="22" fill="#f7f4ee"/><circle cx="180" cy="330" r="50" fill="#5b6b52"/><rect x="160" y="370" width="40" height="30" fill="#7a5c2e"/>`,
  ],
  [
    'blog-market-trends.svg',
    'A market chart rising over the skyline',
    '#14161a',
    (b) =>
      `${b}${skyline(15, 540, 0, 960, '#2a2d33', { maxH: 260, lights: '#3b4150' })}<path d="M0 420 L150 380 L260 400 L400 300 L520 320 L650 220 L780 240 L960 120" fill="none" stroke="#c8ab78" stroke-width="6"/><circle cx="960" cy="120" r="10" fill="#c8ab78"/>`,
  ],
  [
    'blog-renovation.svg',
    'Renovation tools laid out on a timber workbench',
    '#e7ded0',
    (b) =>
      `${b}<rect y="320" width="960" height="220" fill="#a57c4d"/><g stroke="#8a6a40" stroke-width="3">${[360, 400, 440, 480, 520].map((y) => `<line x1="0" y1="${y}" x2="960" y2="${y}"/>`).join('')}</g><g transform="translate(250 360) rotate(-20)"><rect x="0" y="0" width="180" height="20" fill="#14161a"/><rect x="170" y="-30" width="30" height="80" fill="#3b4150"/></g><g transform="translate(520 360)"><rect x="0" y="0" width="220" height="30" fill="#c8ab78"/><g stroke="#14161a" stroke-width="2">${Array.from({ length: 10 }, (_, i) => `<line x1="${10 + i * 20}" y1="0" x2="${10 + i * 20}" y2="${i % 2 ? 10 : 16}"/>`).join('')}</g></g><rect x="120" y="120" width="300" height="160" fill="#f7f4ee" stroke="#56698a" stroke-width="3"/><g stroke="#56698a" stroke-width="2"><line x1="150" y1="160" x2="380" y2="160"/><line x1="150" y1="200" x2="330" y2="200"/><line x1="150" y1="240" x2="360" y2="240"/></g>`,
  ],
  [
    'blog-mortgage.svg',
    'A calculator and a house model for mortgage planning',
    '#dfe5ea',
    (b) =>
      `${b}<rect y="380" width="960" height="160" fill="#b7c3cc"/><g transform="translate(240 180)"><rect x="0" y="0" width="200" height="260" rx="14" fill="#14161a"/><rect x="20" y="20" width="160" height="50" fill="#c8ab78"/>${Array.from({ length: 4 }, (_, r) => Array.from({ length: 3 }, (_, c) => `<rect x="${22 + c * 54}" y="${90 + r * 40}" width="44" height="30" rx="4" fill="#3b4150"/>`).join('')).join('')}</g><g transform="translate(560 400)"><rect x="0" y="-140" width="200" height="140" fill="#f7f4ee"/><path d="M-20 -140 L100 -230 L220 -140Z" fill="#7a5c2e"/><rect x="80" y="-70" width="40" height="70" fill="#2a2d33"/></g>`,
  ],
  [
    'blog-selling-season.svg',
    'A sold sign in front of a home in autumn',
    '#f0dcc0',
    (b) =>
      `${b}${trees(17, 400, 0, 960, '#b06a3a', 80)}<rect y="395" width="960" height="145" fill="#8a7a52"/>${house(300, 420, 0.75, '#f4efe6', '#2a2d33', '#f2c072')}<g transform="translate(150 500)"><rect x="0" y="-170" width="8" height="170" fill="#2a2d33"/><rect x="8" y="-160" width="110" height="8" fill="#2a2d33"/><rect x="20" y="-150" width="96" height="60" fill="#a32a2a"/><text x="68" y="-113" text-anchor="middle" font-family="Georgia, serif" font-size="20" fill="#fff">SOLD</text></g>`,
  ],
  [
    'blog-investing.svg',
    'Condominium towers beside a stack of coins',
    '#1e2433',
    (b) =>
      `${b}${skyline(19, 540, 300, 960, '#2d3650', { maxH: 380, lights: '#c8ab78' })}<g fill="#c8ab78">${Array.from({ length: 7 }, (_, i) => `<ellipse cx="160" cy="${470 - i * 26}" rx="80" ry="18" stroke="#8a6100" stroke-width="3"/>`).join('')}</g>`,
  ],
];
for (const [name, label, bg, body] of blogs) scene(name, label, body(`<rect width="960" height="540" fill="${bg}"/>`));

// ---------- Office facades (800 x 500) ----------
const offices = [
  ['office-don-mills.svg', 'A low-rise office building in Don Mills', '#c9d6df', 3, '#d8cfc0'],
  ['office-mississauga.svg', 'A curved office tower in Mississauga', '#e9d7bf', 9, '#c2c8cf'],
  ['office-toronto.svg', 'A downtown Toronto office tower', '#aab8c8', 14, '#3b4150'],
];
for (const [name, label, sky, floors, body] of offices) {
  const h = Math.min(420, 60 + floors * 26);
  let windows = '';
  for (let r = 0; r < floors; r++) for (let c = 0; c < 8; c++) windows += `<rect x="${236 + c * 42}" y="${460 - h + 16 + r * 26}" width="30" height="16"/>`;
  write(
    name,
    svg(
      800,
      500,
      `<rect width="800" height="500" fill="${sky}"/>${skyline(floors, 470, 0, 800, '#ffffff', { maxH: 140 }).replace('fill="#ffffff"', 'fill="#ffffff" opacity="0.35"')}
    <rect x="220" y="${460 - h}" width="360" height="${h}" fill="${body}"/><g fill="#14161a" opacity="0.55">${windows}</g>
    <rect x="350" y="400" width="100" height="60" fill="#c8ab78"/><rect y="460" width="800" height="40" fill="#6d6a64"/>${trees(floors + 3, 470, 0, 200, '#4e5d45', 50)}${trees(floors + 5, 470, 600, 800, '#4e5d45', 50)}`,
      label,
    ),
  );
}

// ---------- Exterior materials (800 x 500) ----------
function pattern(name, label, base, body) {
  write(name, svg(800, 500, `<rect width="800" height="500" fill="${base}"/>${body}`, label));
}
{
  const r = rng(101);
  let p = '';
  for (let y = 0; y < 500; y += 125)
    for (let x = 0; x < 800; x += 200)
      p += `<rect x="${x + 4}" y="${y + 4}" width="192" height="117" fill="#cfcac1" stroke="#a9a397" stroke-width="2"/><circle cx="${x + 20}" cy="${y + 20}" r="4" fill="#a9a397"/><circle cx="${x + 180}" cy="${y + 105}" r="4" fill="#a9a397"/>`;
  pattern('material-precast.svg', 'Precast concrete panels with crisp joints', '#8f8a80', p);
  p = '';
  for (let y = 0, row = 0; y < 500; y += 70, row++)
    for (let x = row % 2 ? -80 : 0; x < 800; x += 160)
      p += `<rect x="${x + 3}" y="${y + 3}" width="154" height="64" fill="hsl(40 ${f(22 + r() * 10)}% ${f(76 + r() * 8)}%)"/>`;
  pattern('material-limestone.svg', 'Honed limestone blocks in a running bond', '#b9ae97', p);
  p = '';
  for (let i = 0; i < 420; i++)
    p += `<circle cx="${f(r() * 800)}" cy="${f(r() * 500)}" r="${f(0.8 + r() * 2.4)}" fill="${r() < 0.5 ? '#d8cfbf' : '#f4efe6'}"/>`;
  pattern('material-stucco.svg', 'Textured stucco finish in warm white', '#e8e0d2', p);
  p = '';
  for (let y = 0; y < 500; y += 36)
    p += `<rect x="0" y="${y}" width="800" height="30" fill="#c9d1d6"/><rect x="0" y="${y + 30}" width="800" height="6" fill="#9aa6ae"/>`;
  pattern('material-vinyl.svg', 'Horizontal vinyl siding in soft grey', '#aeb8bf', p);
  p = '';
  for (let y = 0, row = 0; y < 500; y += 34, row++)
    for (let x = row % 2 ? -45 : 0; x < 800; x += 90)
      p += `<rect x="${x + 3}" y="${y + 3}" width="84" height="28" fill="hsl(${f(8 + r() * 10)} ${f(40 + r() * 15)}% ${f(34 + r() * 10)}%)"/>`;
  pattern('material-brick.svg', 'Clay brick laid in a running bond', '#cfc5b6', p);
  p = '';
  for (let i = 0; i < 70; i++) {
    const x = r() * 800,
      y = r() * 500,
      w = 60 + r() * 110,
      h = 30 + r() * 50;
    p += `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="10" fill="hsl(35 ${f(8 + r() * 12)}% ${f(45 + r() * 25)}%)" stroke="#4a453d" stroke-width="3"/>`;
  }
  pattern('material-manmade.svg', 'Manufactured stone veneer in mixed tones', '#5d574d', p);
}
console.log('assets written to', out);

// ---------- Partner logos (160 x 160 monogram seals) and their index module ----------
{
  const companies = [
    'Northgate Custom Homes',
    'Ashbury Renovation Co.',
    'Linen & Stone Interiors',
    'Gallery Staging',
    'Harbourview Mortgage Group',
    'Crescent Private Capital',
    'Whitmore Real Estate Law',
    'Kingsway Legal Professional Corp.',
    'Ledger & Vale CPA',
    'ClearSight Inspections',
    'Lakeshore Appraisal Services',
    'Cedar Shield Insurance',
    'True Level Plumbing',
    'Brightline Electric',
    'Summit Roofing & Exteriors',
    'Four Seasons Climate',
    'Clearview Windows',
    'Fine Line Painters',
    'Oak & Grain Flooring',
    'Atelier Millwork',
    'Greenway Landscape Design',
    'Bluewater Pools',
    'Pristine Home Care',
    'Steady Hands Moving',
    'Keepsafe Storage',
    'Aperture Property Media',
    'Sentinel Smart Homes',
    'Guardian Pest Solutions',
    'Keystone Masonry',
  ];
  const palette = [
    ['#14161a', '#c8ab78'],
    ['#2a2d33', '#e7e1d6'],
    ['#7a5c2e', '#f7f4ee'],
    ['#1f3a4a', '#c8ab78'],
    ['#3b4150', '#f7f4ee'],
  ];
  mkdirSync(join(out, 'partners'), { recursive: true });
  const lines = ['// Generated by scripts/make-assets.mjs: partner logos by company name.'];
  const entries = [];
  companies.forEach((company, i) => {
    const slug = company
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const initials = company
      .replace(/&/g, '')
      .split(/\s+/)
      .filter((w) => /^[A-Z]/.test(w))
      .slice(0, 2)
      .map((w) => w[0])
      .join('');
    const [bg, fg] = palette[i % palette.length];
    writeFileSync(
      join(out, 'partners', `${slug}.svg`),
      svg(
        160,
        160,
        `<rect width="160" height="160" fill="${bg}"/><circle cx="80" cy="80" r="58" fill="none" stroke="${fg}" stroke-width="1.5" opacity="0.7"/><circle cx="80" cy="80" r="52" fill="none" stroke="${fg}" stroke-width="0.75" opacity="0.45"/><text x="80" y="94" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="40" letter-spacing="2" fill="${fg}">${initials}</text>`,
        `${company.replace(/&/g, '&amp;')} logo`,
      ) + '\n',
    );
    const id = `logo${i}`;
    lines.push(`import ${id} from '../assets/partners/${slug}.svg';`);
    entries.push(`  ${JSON.stringify(company)}: ${id},`);
  });
  lines.push('', 'export const PARTNER_LOGOS: Readonly<Record<string, string>> = {', ...entries, '};', '');
  writeFileSync(join(out, '..', 'content', 'partnerLogos.ts'), lines.join('\n'));
}
