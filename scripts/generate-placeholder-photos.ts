// Generates the placeholder "photos" in content/photos/ until the organisers drop in real ones:
//   npx tsx scripts/generate-placeholder-photos.ts
// Each image is a small SVG illustration (lakes, tents, bonfire, grill, basketball…) drawn
// from a seeded random generator, so re-running gives the same files, then encoded as WebP
// with sharp. The build (vite-imagetools) makes the responsive sizes; see README, section Photos.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '../content/photos');
const W = 1500;
const H = 1000;

/** mulberry32: tiny seeded PRNG so the output is reproducible. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const between = (r: Rand, min: number, max: number) => min + r() * (max - min);
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const f = (n: number) => n.toFixed(1);

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  hills: [string, string, string];
  water: [string, string];
  ground: string;
  foliage: string;
  night: boolean;
}

const PALETTES = {
  golden: {
    skyTop: '#f7b267',
    skyBottom: '#fde4b5',
    sun: '#fff3d1',
    hills: ['#c98b5a', '#8f6046', '#5b3d31'],
    water: ['#e9a66b', '#8d5b4c'],
    ground: '#4f3a2b',
    foliage: '#6b4a2f',
    night: false,
  },
  autumn: {
    skyTop: '#e98a5b',
    skyBottom: '#f9d3a6',
    sun: '#ffe9c4',
    hills: ['#b7794f', '#8c5236', '#56342a'],
    water: ['#d98f6a', '#6d4a44'],
    ground: '#4a2f23',
    foliage: '#b4532a',
    night: false,
  },
  day: {
    skyTop: '#7fb8de',
    skyBottom: '#d9eef6',
    sun: '#fffbe0',
    hills: ['#8fb996', '#5f9470', '#356b4a'],
    water: ['#6aa9cf', '#2f6f94'],
    ground: '#3d6b3f',
    foliage: '#2f5e3c',
    night: false,
  },
  mist: {
    skyTop: '#cbd8dc',
    skyBottom: '#f3eee6',
    sun: '#fffaf0',
    hills: ['#b4c3c0', '#8ea69f', '#5f7d73'],
    water: ['#c3d3d6', '#7d9ba1'],
    ground: '#4f6b5f',
    foliage: '#3f5d52',
    night: false,
  },
  dusk: {
    skyTop: '#2d3561',
    skyBottom: '#f08a6c',
    sun: '#ffd3a5',
    hills: ['#6a4c74', '#45345a', '#261d38'],
    water: ['#8a5a78', '#2f2442'],
    ground: '#1e1729',
    foliage: '#2a1f35',
    night: false,
  },
  night: {
    skyTop: '#070b1f',
    skyBottom: '#23305e',
    sun: '#f7f1d2',
    hills: ['#1c2547', '#141b36', '#0b1024'],
    water: ['#26345f', '#0b1024'],
    ground: '#0a0d1c',
    foliage: '#0d1226',
    night: true,
  },
} satisfies Record<string, Palette>;
type PaletteName = keyof typeof PALETTES;

function ridge(r: Rand, base: number, amplitude: number, color: string, opacity = 1) {
  const waves = Array.from({ length: 3 }, (_, i) => ({
    a: amplitude / (i + 1),
    k: between(r, 0.002, 0.006) * (i + 1),
    p: between(r, 0, Math.PI * 2),
  }));
  let d = `M0 ${H}`;
  for (let x = 0; x <= W; x += 30) {
    const y = base + waves.reduce((sum, w) => sum + w.a * Math.sin(w.k * x + w.p), 0);
    d += ` L${x} ${f(y)}`;
  }
  return `<path d="${d} L${W} ${H} Z" fill="${color}" opacity="${opacity}"/>`;
}

function sky(p: Palette, id: string) {
  return `<defs><linearGradient id="sky${id}" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/>
  </linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky${id})"/>`;
}

function stars(r: Rand, count: number) {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${f(between(r, 0, W))}" cy="${f(between(r, 0, H * 0.45))}" r="${f(
      between(r, 0.8, 2.6),
    )}" fill="#fff" opacity="${f(between(r, 0.35, 0.95))}"/>`;
  }
  return out;
}

function sunOrMoon(r: Rand, p: Palette) {
  const cx = between(r, W * 0.2, W * 0.8);
  const cy = between(r, H * 0.16, H * 0.36);
  const radius = p.night ? 46 : between(r, 60, 95);
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(radius * 2.6)}" fill="${p.sun}" opacity="0.18"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(radius)}" fill="${p.sun}"/>`;
}

function pine(x: number, y: number, h: number, color: string) {
  const w = h * 0.42;
  let out = `<rect x="${f(x - h * 0.03)}" y="${f(y - h * 0.15)}" width="${f(h * 0.06)}" height="${f(
    h * 0.15,
  )}" fill="${color}"/>`;
  for (let i = 0; i < 3; i++) {
    const top = y - h + i * h * 0.22;
    const bottom = y - h * 0.12 - (2 - i) * h * 0.18;
    const half = (w / 2) * (0.6 + i * 0.25);
    out += `<path d="M${f(x)} ${f(top)} L${f(x + half)} ${f(bottom)} L${f(x - half)} ${f(bottom)} Z" fill="${color}"/>`;
  }
  return out;
}

function broadleaf(r: Rand, x: number, y: number, h: number, color: string) {
  let out = `<rect x="${f(x - h * 0.04)}" y="${f(y - h * 0.45)}" width="${f(h * 0.08)}" height="${f(
    h * 0.45,
  )}" fill="#3b2a20"/>`;
  for (let i = 0; i < 5; i++) {
    out += `<circle cx="${f(x + between(r, -h * 0.22, h * 0.22))}" cy="${f(
      y - h * 0.6 + between(r, -h * 0.18, h * 0.12),
    )}" r="${f(between(r, h * 0.16, h * 0.26))}" fill="${color}"/>`;
  }
  return out;
}

function treeLine(r: Rand, y: number, color: string, count: number, broad: boolean) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = between(r, -20, W + 20);
    const h = between(r, 90, 190);
    out += broad
      ? broadleaf(r, x, y + between(r, 0, 30), h, color)
      : pine(x, y + between(r, 0, 30), h, color);
  }
  return out;
}

function lake(r: Rand, p: Palette, top: number, id: string) {
  let shimmer = '';
  for (let i = 0; i < 18; i++) {
    const y = between(r, top + 10, H);
    const w = between(r, 40, 220);
    shimmer += `<rect x="${f(between(r, 0, W - w))}" y="${f(y)}" width="${f(w)}" height="3" rx="1.5" fill="${
      p.sun
    }" opacity="${f(between(r, 0.15, 0.45))}"/>`;
  }
  return `<defs><linearGradient id="water${id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.water[0]}"/><stop offset="1" stop-color="${p.water[1]}"/>
    </linearGradient></defs>
    <rect y="${f(top)}" width="${W}" height="${f(H - top)}" fill="url(#water${id})"/>${shimmer}`;
}

/** Lithuanian flag bunting (yellow, green, red) strung across the top. */
function bunting(r: Rand, y0: number) {
  const colors = ['#fdb913', '#006a44', '#c1272d'];
  const sag = between(r, 40, 80);
  let out = `<path d="M-10 ${y0} Q${W / 2} ${y0 + sag * 2} ${W + 10} ${y0}" stroke="#3a2a22" stroke-width="3" fill="none"/>`;
  const n = 16;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = -10 + t * (W + 20);
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + sag * 2) + t * t * y0;
    out += `<path d="M${f(x - 26)} ${f(y)} L${f(x + 26)} ${f(y)} L${f(x)} ${f(y + 56)} Z" fill="${colors[i % 3]}"/>`;
  }
  return out;
}

function person(x: number, y: number, s: number, color: string) {
  return `<circle cx="${f(x)}" cy="${f(y - s * 1.55)}" r="${f(s * 0.32)}" fill="${color}"/>
    <path d="M${f(x - s * 0.45)} ${f(y)} Q${f(x - s * 0.5)} ${f(y - s * 1.15)} ${f(x)} ${f(y - s * 1.2)} Q${f(
      x + s * 0.5,
    )} ${f(y - s * 1.15)} ${f(x + s * 0.45)} ${f(y)} Z" fill="${color}"/>`;
}

function fire(x: number, y: number, s: number, id: string) {
  return `<defs><radialGradient id="glow${id}"><stop offset="0" stop-color="#ffb347" stop-opacity="0.75"/>
      <stop offset="1" stop-color="#ff7b00" stop-opacity="0"/></radialGradient></defs>
    <circle cx="${f(x)}" cy="${f(y - s * 0.6)}" r="${f(s * 3.4)}" fill="url(#glow${id})"/>
    <path d="M${f(x - s * 1.1)} ${f(y)} L${f(x + s * 1.1)} ${f(y - s * 0.25)}" stroke="#4a2c1a" stroke-width="${f(
      s * 0.22,
    )}" stroke-linecap="round"/>
    <path d="M${f(x - s * 1.1)} ${f(y - s * 0.25)} L${f(x + s * 1.1)} ${f(y)}" stroke="#5a3520" stroke-width="${f(
      s * 0.22,
    )}" stroke-linecap="round"/>
    <path d="M${f(x - s * 0.8)} ${f(y - s * 0.1)} Q${f(x - s * 0.9)} ${f(y - s * 1.2)} ${f(x - s * 0.1)} ${f(
      y - s * 2.2,
    )} Q${f(x + s * 0.1)} ${f(y - s * 1.3)} ${f(x + s * 0.5)} ${f(y - s * 1.5)} Q${f(x + s * 0.95)} ${f(
      y - s * 0.8,
    )} ${f(x + s * 0.8)} ${f(y - s * 0.1)} Z" fill="#ff7a1a"/>
    <path d="M${f(x - s * 0.45)} ${f(y - s * 0.1)} Q${f(x - s * 0.5)} ${f(y - s * 0.9)} ${f(x)} ${f(
      y - s * 1.45,
    )} Q${f(x + s * 0.55)} ${f(y - s * 0.8)} ${f(x + s * 0.45)} ${f(y - s * 0.1)} Z" fill="#ffd166"/>`;
}

function tent(x: number, y: number, s: number, color: string, glow: boolean) {
  return `<path d="M${f(x - s)} ${f(y)} L${f(x)} ${f(y - s * 1.05)} L${f(x + s)} ${f(y)} Z" fill="${color}"/>
    <path d="M${f(x)} ${f(y - s * 1.05)} L${f(x + s)} ${f(y)} L${f(x + s * 0.35)} ${f(y)} Z" fill="#000" opacity="0.18"/>
    <path d="M${f(x - s * 0.28)} ${f(y)} L${f(x)} ${f(y - s * 0.62)} L${f(x + s * 0.28)} ${f(y)} Z" fill="${
      glow ? '#ffd27a' : '#2b211c'
    }"/>`;
}

type Scene = (r: Rand, p: Palette, id: string) => string;

const SCENES: Record<string, Scene> = {
  lakeside: (r, p, id) =>
    sky(p, id) +
    (p.night ? stars(r, 140) : '') +
    sunOrMoon(r, p) +
    ridge(r, H * 0.42, 50, p.hills[0]) +
    ridge(r, H * 0.52, 35, p.hills[1]) +
    treeLine(r, H * 0.6, p.hills[2], 10, false) +
    lake(r, p, H * 0.6, id) +
    ridge(r, H * 0.92, 18, p.ground),

  camp: (r, p, id) => {
    let tents = '';
    const colors = ['#e76f51', '#2a9d8f', '#e9c46a', '#f4a261', '#457b9d'];
    for (let i = 0; i < 5; i++) {
      const x = 180 + i * 270 + between(r, -50, 50);
      tents += tent(x, H * 0.83 + between(r, -20, 30), between(r, 90, 140), pick(r, colors), p.night);
    }
    return (
      sky(p, id) +
      (p.night ? stars(r, 180) : '') +
      sunOrMoon(r, p) +
      ridge(r, H * 0.45, 55, p.hills[0]) +
      ridge(r, H * 0.58, 30, p.hills[1]) +
      treeLine(r, H * 0.66, p.foliage, 12, true) +
      ridge(r, H * 0.72, 14, p.ground) +
      tents +
      (p.night ? fire(W * 0.5, H * 0.95, 38, id) : '')
    );
  },

  bonfire: (r, p, id) => {
    let people = '';
    for (let i = 0; i < 9; i++) {
      const angle = Math.PI * (0.08 + (i / 8) * 0.84);
      const x = W / 2 + Math.cos(angle) * 520 * (i % 2 ? 1 : 0.9);
      const y = H * 0.9 - Math.sin(angle) * 90;
      people += person(x, y, between(r, 70, 95), '#120c10');
    }
    let sparks = '';
    for (let i = 0; i < 40; i++) {
      sparks += `<circle cx="${f(W / 2 + between(r, -160, 160))}" cy="${f(between(r, H * 0.3, H * 0.7))}" r="${f(
        between(r, 1.5, 4),
      )}" fill="#ffcf70" opacity="${f(between(r, 0.4, 1))}"/>`;
    }
    return (
      sky(PALETTES.night, id) +
      stars(r, 160) +
      ridge(r, H * 0.5, 40, PALETTES.night.hills[0]) +
      treeLine(r, H * 0.62, PALETTES.night.hills[2], 14, false) +
      ridge(r, H * 0.78, 12, '#140e12') +
      // People sit around and behind the fire, so they are drawn first.
      people +
      fire(W / 2, H * 0.86, 95, id) +
      sparks
    );
  },

  grill: (r, p, id) => {
    const gx = W * between(r, 0.42, 0.58);
    const gy = H * 0.62;
    let sausages = '';
    for (let i = 0; i < 6; i++) {
      sausages += `<rect x="${f(gx - 170 + i * 58)}" y="${f(gy - 22)}" width="46" height="20" rx="10" fill="${
        i % 2 ? '#9c3d21' : '#b8532c'
      }"/>`;
    }
    let smoke = '';
    for (let i = 0; i < 4; i++) {
      const x = gx + between(r, -120, 120);
      smoke += `<path d="M${f(x)} ${f(gy - 40)} q-60 -80 0 -160 q60 -80 0 -170" stroke="#fff" stroke-width="${f(
        between(r, 18, 30),
      )}" stroke-linecap="round" fill="none" opacity="${f(between(r, 0.18, 0.35))}"/>`;
    }
    return (
      sky(p, id) +
      sunOrMoon(r, p) +
      ridge(r, H * 0.46, 40, p.hills[0]) +
      treeLine(r, H * 0.58, p.foliage, 10, true) +
      `<rect y="${f(H * 0.62)}" width="${W}" height="${f(H * 0.38)}" fill="${p.ground}"/>` +
      bunting(r, 40) +
      smoke +
      `<path d="M${f(gx - 210)} ${f(gy)} A210 150 0 0 0 ${f(gx + 210)} ${f(gy)} Z" fill="#1d1d1f"/>
       <rect x="${f(gx - 222)}" y="${f(gy - 6)}" width="444" height="12" rx="6" fill="#3b3b40"/>
       <path d="M${f(gx - 130)} ${f(gy + 120)} L${f(gx - 170)} ${f(H * 0.97)} M${f(gx + 130)} ${f(
         gy + 120,
       )} L${f(gx + 170)} ${f(H * 0.97)} M${f(gx)} ${f(gy + 150)} L${f(gx)} ${f(H * 0.97)}" stroke="#1d1d1f" stroke-width="14" stroke-linecap="round"/>` +
      sausages +
      person(gx + 360, H * 0.98, 150, '#2b2320')
    );
  },

  feast: (r, p, id) => {
    let plates = '';
    const foods = ['#c8553d', '#f2b134', '#8ab17d', '#e07a5f', '#d4a373'];
    for (let i = 0; i < 7; i++) {
      const x = 200 + i * 185;
      plates += `<ellipse cx="${x}" cy="${f(H * 0.71)}" rx="70" ry="22" fill="#f8f4ec"/>
        <ellipse cx="${x}" cy="${f(H * 0.705)}" rx="42" ry="12" fill="${pick(r, foods)}"/>`;
    }
    let people = '';
    for (let i = 0; i < 6; i++)
      people += person(260 + i * 200 + between(r, -30, 30), H * 0.66, 95, '#2a211d');
    return (
      sky(p, id) +
      sunOrMoon(r, p) +
      ridge(r, H * 0.44, 45, p.hills[0]) +
      ridge(r, H * 0.54, 25, p.hills[1]) +
      treeLine(r, H * 0.6, p.foliage, 9, true) +
      `<rect y="${f(H * 0.6)}" width="${W}" height="${f(H * 0.4)}" fill="${p.ground}"/>` +
      bunting(r, 30) +
      people +
      `<rect x="90" y="${f(H * 0.68)}" width="${W - 180}" height="60" rx="10" fill="#a0522d"/>
       <rect x="90" y="${f(H * 0.68)}" width="${W - 180}" height="14" rx="7" fill="#fdf8f1" opacity="0.9"/>
       <rect x="150" y="${f(H * 0.74)}" width="26" height="${f(H * 0.22)}" fill="#7a3e22"/>
       <rect x="${W - 176}" y="${f(H * 0.74)}" width="26" height="${f(H * 0.22)}" fill="#7a3e22"/>` +
      plates
    );
  },

  basketball: (r, p, id) => {
    const hx = W * between(r, 0.3, 0.42);
    const bx = hx + between(r, 260, 420);
    const by = H * between(r, 0.3, 0.42);
    return (
      sky(p, id) +
      sunOrMoon(r, p) +
      ridge(r, H * 0.5, 40, p.hills[0]) +
      treeLine(r, H * 0.64, p.foliage, 10, true) +
      `<rect y="${f(H * 0.68)}" width="${W}" height="${f(H * 0.32)}" fill="${p.ground}"/>
       <rect x="${f(hx - 10)}" y="${f(H * 0.2)}" width="20" height="${f(H * 0.72)}" fill="#2f3437"/>
       <rect x="${f(hx - 110)}" y="${f(H * 0.14)}" width="220" height="150" rx="8" fill="#f4f1ea" stroke="#2f3437" stroke-width="8"/>
       <rect x="${f(hx - 45)}" y="${f(H * 0.14 + 60)}" width="90" height="70" fill="none" stroke="#c2410c" stroke-width="6"/>
       <ellipse cx="${f(hx)}" cy="${f(H * 0.14 + 150)}" rx="58" ry="14" fill="none" stroke="#c2410c" stroke-width="8"/>
       <path d="M${f(hx - 55)} ${f(H * 0.14 + 152)} L${f(hx - 35)} ${f(H * 0.14 + 230)} M${f(hx)} ${f(
         H * 0.14 + 164,
       )} L${f(hx)} ${f(H * 0.14 + 235)} M${f(hx + 55)} ${f(H * 0.14 + 152)} L${f(hx + 35)} ${f(
         H * 0.14 + 230,
       )} M${f(hx - 35)} ${f(H * 0.14 + 230)} L${f(hx + 35)} ${f(H * 0.14 + 230)}" stroke="#fff" stroke-width="4" opacity="0.9"/>
       <circle cx="${f(bx)}" cy="${f(by)}" r="48" fill="#e8772e"/>
       <path d="M${f(bx - 48)} ${f(by)} L${f(bx + 48)} ${f(by)} M${f(bx)} ${f(by - 48)} L${f(bx)} ${f(
         by + 48,
       )} M${f(bx - 34)} ${f(by - 34)} Q${f(bx)} ${f(by)} ${f(bx - 34)} ${f(by + 34)} M${f(bx + 34)} ${f(
         by - 34,
       )} Q${f(bx)} ${f(by)} ${f(bx + 34)} ${f(by + 34)}" stroke="#3b2113" stroke-width="4" fill="none"/>` +
      person(bx + 120, H * 0.95, 170, '#1f2a33') +
      person(hx - 240, H * 0.97, 160, '#3a2320')
    );
  },

  paddling: (r, p, id) => {
    let boats = '';
    const colors = ['#f4a261', '#e76f51', '#ffd166', '#2a9d8f'];
    for (let i = 0; i < 3; i++) {
      const x = between(r, 200, W - 200);
      const y = H * (0.7 + i * 0.08);
      const c = pick(r, colors);
      boats += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(140 + i * 20)}" ry="16" fill="${c}"/>
        ${person(x, y - 6, 60 + i * 10, '#1d2530')}
        <path d="M${f(x - 90)} ${f(y - 80)} L${f(x + 90)} ${f(y + 10)}" stroke="#2b2b2b" stroke-width="6" stroke-linecap="round"/>`;
    }
    return (
      sky(p, id) +
      sunOrMoon(r, p) +
      ridge(r, H * 0.4, 55, p.hills[0]) +
      ridge(r, H * 0.5, 30, p.hills[1]) +
      treeLine(r, H * 0.58, p.hills[2], 12, false) +
      lake(r, p, H * 0.57, id) +
      boats
    );
  },

  trophy: (r, p, id) => {
    let confetti = '';
    const colors = ['#fdb913', '#006a44', '#c1272d', '#ffffff'];
    for (let i = 0; i < 70; i++) {
      const x = between(r, 0, W);
      const y = between(r, 0, H * 0.8);
      confetti += `<rect x="${f(x)}" y="${f(y)}" width="16" height="7" fill="${pick(r, colors)}" transform="rotate(${f(
        between(r, 0, 180),
      )} ${f(x)} ${f(y)})" opacity="0.9"/>`;
    }
    const cx = W / 2;
    return (
      sky(p, id) +
      ridge(r, H * 0.52, 40, p.hills[0]) +
      treeLine(r, H * 0.66, p.foliage, 10, true) +
      `<rect y="${f(H * 0.7)}" width="${W}" height="${f(H * 0.3)}" fill="${p.ground}"/>` +
      confetti +
      `<rect x="${cx - 200}" y="${f(H * 0.66)}" width="400" height="${f(H * 0.34)}" rx="10" fill="#7a3e22"/>
       <rect x="${cx - 200}" y="${f(H * 0.66)}" width="400" height="18" rx="9" fill="#f2b134"/>
       <path d="M${cx - 130} ${f(H * 0.22)} h260 v70 a130 150 0 0 1 -260 0 Z" fill="#f2b134"/>
       <path d="M${cx - 130} ${f(H * 0.26)} a70 70 0 0 0 0 120 M${cx + 130} ${f(H * 0.26)} a70 70 0 0 1 0 120" stroke="#f2b134" stroke-width="22" fill="none"/>
       <rect x="${cx - 22}" y="${f(H * 0.48)}" width="44" height="90" fill="#d99a1e"/>
       <rect x="${cx - 90}" y="${f(H * 0.57)}" width="180" height="46" rx="8" fill="#8a5a12"/>
       <path d="M${cx} ${f(H * 0.27)} l18 38 42 4 -32 28 10 41 -38 -22 -38 22 10 -41 -32 -28 42 -4 Z" fill="#fff6d5"/>`
    );
  },
};

/** The small "2025 · 03" tag in the corner, so placeholders are recognisable as such. */
function label(text: string) {
  const w = text.length * 22 + 40;
  return `<g transform="translate(${W - w - 28} ${H - 78})">
    <rect width="${w}" height="50" rx="25" fill="#000" opacity="0.45"/>
    <text x="${w / 2}" y="34" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" font-weight="700" fill="#fff" letter-spacing="1">${text}</text>
  </g>`;
}

interface Plan {
  folder: string;
  tag: string;
  shots: Array<[keyof typeof SCENES, PaletteName]>;
}

// Which scene and light each placeholder shows: one plan per folder.
const PLANS: Plan[] = [
  {
    folder: 'home',
    tag: '★',
    shots: [
      ['lakeside', 'golden'],
      ['grill', 'day'],
      ['bonfire', 'night'],
      ['camp', 'dusk'],
      ['basketball', 'day'],
      ['feast', 'golden'],
      ['paddling', 'mist'],
    ],
  },
  {
    folder: '2025',
    tag: '2025',
    shots: [
      ['lakeside', 'autumn'],
      ['camp', 'autumn'],
      ['grill', 'autumn'],
      ['basketball', 'autumn'],
      ['trophy', 'autumn'],
      ['bonfire', 'night'],
      ['paddling', 'mist'],
    ],
  },
  {
    folder: '2024',
    tag: '2024',
    shots: [
      ['paddling', 'day'],
      ['camp', 'day'],
      ['feast', 'golden'],
      ['grill', 'golden'],
      ['lakeside', 'dusk'],
      ['bonfire', 'night'],
      ['camp', 'night'],
      ['lakeside', 'mist'],
    ],
  },
  {
    folder: '2023',
    tag: '2023',
    shots: [
      ['lakeside', 'day'],
      ['grill', 'day'],
      ['trophy', 'day'],
      ['feast', 'dusk'],
      ['camp', 'golden'],
      ['basketball', 'golden'],
      ['bonfire', 'night'],
      ['camp', 'mist'],
    ],
  },
  {
    folder: '2022',
    tag: '2022',
    shots: [
      ['camp', 'mist'],
      ['lakeside', 'golden'],
      ['grill', 'mist'],
      ['feast', 'day'],
      ['camp', 'dusk'],
      ['bonfire', 'night'],
      ['lakeside', 'night'],
    ],
  },
];

function svg(body: string, width = W, height = H) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

async function write(file: string, markup: string, width = W, height = H) {
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(markup)).resize(width, height).webp({ quality: 70, effort: 6 }).toFile(file);
}

let seed = 2026;
for (const plan of PLANS) {
  rmSync(path.join(ROOT, plan.folder), { recursive: true, force: true });
  for (const [index, [scene, palette]] of plan.shots.entries()) {
    const n = String(index + 1).padStart(2, '0');
    const id = `${plan.folder}${n}`;
    const body = SCENES[scene]!(rng(seed++), PALETTES[palette], id);
    await write(path.join(ROOT, plan.folder, `${n}.webp`), svg(body + label(`${plan.tag} · ${n}`)));
  }
  console.log(`content/photos/${plan.folder}: ${plan.shots.length} images`);
}

// The home page hero: a wide, label-free evening scene (tents, bonfire, lake).
{
  const r = rng(15082026);
  const p = PALETTES.dusk;
  const body =
    sky(p, 'hero') +
    stars(r, 40) +
    sunOrMoon(r, p) +
    ridge(r, H * 0.4, 55, p.hills[0]) +
    ridge(r, H * 0.5, 30, p.hills[1]) +
    treeLine(r, H * 0.56, p.hills[2], 12, false) +
    lake(r, p, H * 0.56, 'hero') +
    ridge(r, H * 0.74, 14, p.ground) +
    tent(W * 0.2, H * 0.84, 110, '#e76f51', true) +
    tent(W * 0.36, H * 0.86, 85, '#2a9d8f', true) +
    tent(W * 0.82, H * 0.85, 100, '#e9c46a', true) +
    fire(W * 0.6, H * 0.86, 50, 'hero');
  await write(path.join(ROOT, 'hero.webp'), svg(body, 1920, 1080), 1920, 1080);
  console.log('content/photos/hero.webp');
}
