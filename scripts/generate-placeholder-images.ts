// Generates the illustrated placeholder images for the partner's products and the recipes:
// small vector scenes drawn here as SVG, rendered to WebP with sharp.
//   npx tsx scripts/generate-placeholder-images.ts [products] [recipes]
// Output: content/images/products/<id>-<width>.webp (two widths), and the recipes' photos
// content/photos/recipes/<id>.webp (one large file: the build makes its sizes, and the
// recipes' content names it as 'asset:recipes/<id>.webp'; organisers may upload their own).
// Drawing is deterministic (seeded random), so re-running gives the same files. Replace a
// file with a real photo of the same name and size whenever the partner provides one.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 800;
const HEIGHT = 600;
/** Rendered widths: cards show the small one, wide screens and retina phones the large. */
export const IMAGE_WIDTHS = [400, 800] as const;

// ---------------------------------------------------------------------------------------
// Small helpers

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const target = amount > 0 ? 255 : 0;
    return Math.round(c + (target - c) * Math.abs(amount));
  });
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const f = (n: number) => n.toFixed(1);

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
  <radialGradient id="glow" cx="50%" cy="38%" r="70%">
    <stop offset="0" stop-color="#fff8ee"/><stop offset="1" stop-color="#f1dcc0"/>
  </radialGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#e6c9a2"/><stop offset="1" stop-color="#d9b68a"/>
  </linearGradient>
  <radialGradient id="shadow"><stop offset="0" stop-color="#5a3a1c" stop-opacity="0.35"/><stop offset="1" stop-color="#5a3a1c" stop-opacity="0"/></radialGradient>
  ${defs}
</defs>
${body}
</svg>`;
}

/** Warm studio backdrop for product shots: wall, table edge and a soft shadow. */
function studio(shadowWidth = 520): string {
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
<rect y="440" width="${WIDTH}" height="160" fill="url(#floor)"/>
<rect y="440" width="${WIDTH}" height="4" fill="#caa374"/>
<ellipse cx="400" cy="470" rx="${shadowWidth / 2}" ry="34" fill="url(#shadow)"/>`;
}

/** A scatter of small irregular pieces (charcoal lumps, wood chips, spice grains). */
function pieces(
  seed: string,
  count: number,
  area: { x: number; y: number; w: number; h: number },
  colours: string[],
  size: [number, number],
  shape: 'lump' | 'chip' | 'grain',
): string {
  const rand = random(seedOf(seed));
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = area.x + rand() * area.w;
    const y = area.y + rand() * area.h;
    const s = size[0] + rand() * (size[1] - size[0]);
    const colour = colours[Math.floor(rand() * colours.length)]!;
    const angle = rand() * 180;
    if (shape === 'grain') {
      out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="${colour}"/>`;
    } else if (shape === 'chip') {
      out += `<rect x="${f(x - s)}" y="${f(y - s * 0.3)}" width="${f(s * 2)}" height="${f(s * 0.6)}" rx="${f(s * 0.15)}" fill="${colour}" stroke="${shade(colour, -0.25)}" stroke-width="1.5" transform="rotate(${f(angle)} ${f(x)} ${f(y)})"/>`;
    } else {
      const points = Array.from({ length: 6 }, (_, k) => {
        const a = (k / 6) * Math.PI * 2 + rand() * 0.6;
        const r = s * (0.7 + rand() * 0.4);
        return `${f(x + Math.cos(a) * r)},${f(y + Math.sin(a) * r * 0.8)}`;
      }).join(' ');
      out += `<polygon points="${points}" fill="${colour}" stroke="${shade(colour, 0.18)}" stroke-width="1.5" stroke-linejoin="round"/>`;
    }
  }
  return out;
}

function smoke(x: number, y: number, height: number, opacity = 0.55): string {
  return `<g fill="none" stroke="#ffffff" stroke-linecap="round" opacity="${opacity}">
  <path d="M${x} ${y} c -30 -${height * 0.2} 30 -${height * 0.35} 0 -${height * 0.55} s 25 -${height * 0.3} -5 -${height * 0.45}" stroke-width="14"/>
  <path d="M${x + 34} ${y + 6} c -24 -${height * 0.18} 24 -${height * 0.3} 0 -${height * 0.48} s 20 -${height * 0.25} -4 -${height * 0.38}" stroke-width="9" opacity="0.7"/>
</g>`;
}

// ---------------------------------------------------------------------------------------
// Product scenes

function paperBag(x: number, y: number, w: number, h: number, colour: string, band: string, emblem: string) {
  const fold = 34;
  return `<g>
  <path d="M${x} ${y + fold} L${x + 10} ${y} L${x + w - 10} ${y} L${x + w} ${y + fold} L${x + w + 6} ${y + h} L${x - 6} ${y + h} Z" fill="${colour}"/>
  <path d="M${x + w} ${y + fold} L${x + w + 6} ${y + h} L${x + w - 40} ${y + h} L${x + w - 46} ${y + fold} Z" fill="${shade(colour, -0.14)}"/>
  <path d="M${x + 10} ${y} L${x + w - 10} ${y} L${x + w} ${y + fold} L${x} ${y + fold} Z" fill="${shade(colour, 0.12)}"/>
  <path d="M${x + 6} ${y + 14} L${x + w - 6} ${y + 14}" stroke="${shade(colour, -0.25)}" stroke-width="3" stroke-dasharray="8 6"/>
  <rect x="${x - 2}" y="${y + h * 0.38}" width="${w + 4}" height="${h * 0.3}" fill="${band}"/>
  ${emblem}
</g>`;
}

function flameEmblem(cx: number, cy: number, scale = 1) {
  return `<g transform="translate(${cx} ${cy}) scale(${scale})">
  <path d="M0 -42 C 22 -18 30 0 22 18 C 16 32 -16 32 -22 18 C -30 0 -18 -10 -8 -26 C -6 -12 2 -8 6 -14 C 10 -22 6 -32 0 -42 Z" fill="#f0661f"/>
  <path d="M0 -6 C 10 6 12 14 8 22 C 4 28 -6 28 -9 20 C -12 12 -6 4 0 -6 Z" fill="#fdb913"/>
</g>`;
}

function charcoal(): string {
  const bag = paperBag(250, 120, 300, 330, '#b98a55', '#1f1a17', flameEmblem(400, 292, 1.15));
  const lumps = pieces(
    'charcoal',
    26,
    { x: 150, y: 440, w: 500, h: 50 },
    ['#2a2522', '#35302c', '#1d1916'],
    [14, 26],
    'lump',
  );
  const glow = `<ellipse cx="200" cy="470" rx="40" ry="10" fill="#f0661f" opacity="0.25"/>`;
  return svg('', studio(560) + bag + glow + lumps);
}

function kamado(): string {
  const defs = `<radialGradient id="egg" cx="38%" cy="32%" r="75%"><stop offset="0" stop-color="#3f8a58"/><stop offset="0.6" stop-color="#1b4d2d"/><stop offset="1" stop-color="#0f2a19"/></radialGradient>`;
  const stand = `<g stroke="#3a3532" stroke-width="12" stroke-linecap="round">
  <line x1="330" y1="380" x2="290" y2="470"/><line x1="470" y1="380" x2="510" y2="470"/><line x1="400" y1="390" x2="400" y2="476"/>
</g>
<rect x="300" y="372" width="200" height="16" rx="8" fill="#4a4440"/>`;
  const shelves = `<rect x="150" y="270" width="120" height="16" rx="5" fill="#c89b63"/><rect x="530" y="270" width="120" height="16" rx="5" fill="#c89b63"/>
<g stroke="#a97b45" stroke-width="2"><line x1="170" y1="272" x2="170" y2="284"/><line x1="200" y1="272" x2="200" y2="284"/><line x1="230" y1="272" x2="230" y2="284"/><line x1="570" y1="272" x2="570" y2="284"/><line x1="600" y1="272" x2="600" y2="284"/><line x1="630" y1="272" x2="630" y2="284"/></g>`;
  const egg = `<ellipse cx="400" cy="250" rx="140" ry="150" fill="url(#egg)"/>
<path d="M262 262 Q400 292 538 262" stroke="#0b1f12" stroke-width="5" fill="none"/>
<rect x="372" y="86" width="56" height="24" rx="10" fill="#4a4440"/><ellipse cx="400" cy="86" rx="34" ry="10" fill="#6b6460"/>
<rect x="360" y="282" width="80" height="14" rx="7" fill="#c9c4bd"/>
<circle cx="400" cy="170" r="24" fill="#f6f1ea" stroke="#c9c4bd" stroke-width="5"/><line x1="400" y1="170" x2="414" y2="158" stroke="#c2410c" stroke-width="4" stroke-linecap="round"/>
<rect x="376" y="330" width="48" height="30" rx="6" fill="#0f2a19" stroke="#4a4440" stroke-width="4"/>
<ellipse cx="350" cy="190" rx="40" ry="70" fill="#ffffff" opacity="0.08"/>`;
  return svg(defs, studio(420) + stand + shelves + egg + smoke(400, 70, 60, 0.4));
}

function woodChips(): string {
  const bag = paperBag(300, 150, 220, 290, '#d6b07a', '#236339', '');
  const window = `<rect x="340" y="300" width="140" height="70" rx="12" fill="#f7ebd6" opacity="0.6"/>${pieces('chips-window', 22, { x: 350, y: 310, w: 120, h: 50 }, ['#b07a48', '#c99a6b', '#8b5a2b'], [9, 14], 'chip')}`;
  const leaf = `<path d="M410 250 C 440 230 470 240 480 256 C 460 268 430 270 410 250 Z" fill="#fdb913" opacity="0.9"/>`;
  const pile = pieces(
    'chips',
    70,
    { x: 150, y: 430, w: 240, h: 55 },
    ['#b07a48', '#c99a6b', '#8b5a2b', '#d4a373'],
    [12, 20],
    'chip',
  );
  const pile2 = pieces(
    'chips-2',
    40,
    { x: 520, y: 440, w: 150, h: 45 },
    ['#b07a48', '#c99a6b', '#8b5a2b'],
    [12, 18],
    'chip',
  );
  return svg('', studio(600) + bag + window + leaf + pile + pile2);
}

function glove(x: number, y: number, colour: string, flip: boolean): string {
  const dark = shade(colour, -0.3);
  const fingers = [0, 1, 2, 3]
    .map((i) => {
      const fx = 12 + i * 34;
      const height = [84, 100, 96, 76][i]!;
      return `<rect x="${fx}" y="${120 - height}" width="30" height="${height + 30}" rx="15" fill="${colour}"/>`;
    })
    .join('');
  const grip = Array.from({ length: 5 }, (_, row) =>
    Array.from(
      { length: 4 },
      (_, col) => `<circle cx="${30 + col * 30}" cy="${140 + row * 22}" r="5" fill="${dark}"/>`,
    ).join(''),
  ).join('');
  return `<g transform="translate(${x} ${y}) ${flip ? 'scale(-1 1)' : ''} rotate(${flip ? 8 : -8})">
  ${fingers}
  <rect x="6" y="110" width="146" height="150" rx="38" fill="${colour}"/>
  <rect x="-48" y="150" width="96" height="36" rx="18" fill="${colour}" transform="rotate(-35 0 168)"/>
  <rect x="14" y="250" width="134" height="90" rx="12" fill="${dark}"/>
  <rect x="14" y="250" width="134" height="14" fill="${shade(colour, -0.45)}"/>
  ${grip}
</g>`;
}

function gloves(): string {
  return svg('', studio(560) + glove(210, 90, '#2b2624', false) + glove(590, 100, '#c2410c', true));
}

function spiceJar(x: number, y: number, fill: string, label: string, scale = 1): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
  <rect x="-70" y="-20" width="140" height="210" rx="26" fill="#ffffff" opacity="0.55" stroke="#e2d3bd" stroke-width="4"/>
  <path d="M-62 40 Q0 20 62 40 L62 166 Q62 182 46 182 L-46 182 Q-62 182 -62 166 Z" fill="${fill}"/>
  ${pieces(`jar-${fill}`, 40, { x: -56, y: 50, w: 112, h: 120 }, [shade(fill, -0.25), shade(fill, 0.25)], [1.5, 3], 'grain')}
  <rect x="-64" y="80" width="128" height="62" rx="6" fill="${label}"/>
  <rect x="-64" y="92" width="128" height="5" fill="#ffffff" opacity="0.5"/>
  <circle cx="0" cy="118" r="14" fill="#ffffff" opacity="0.85"/><circle cx="0" cy="118" r="7" fill="${fill}"/>
  <rect x="-62" y="-52" width="124" height="40" rx="10" fill="#3a3532"/>
  <rect x="-62" y="-40" width="124" height="6" fill="#57504b"/>
  <rect x="-40" y="-4" width="16" height="160" rx="8" fill="#ffffff" opacity="0.35"/>
</g>`;
}

function spoon(x: number, y: number, fill: string): string {
  return `<g transform="translate(${x} ${y}) rotate(-12)">
  <rect x="0" y="-8" width="170" height="16" rx="8" fill="#c99a6b"/>
  <ellipse cx="-20" cy="0" rx="48" ry="30" fill="#b07a48"/>
  <ellipse cx="-20" cy="-4" rx="38" ry="20" fill="${fill}"/>
</g>`;
}

const SPICE_COLOURS: Record<string, { fill: string; label: string; herb: string }> = {
  shashlik: { fill: '#b5361c', label: '#7c2a0b', herb: '#d9622b' },
  steak: { fill: '#4a3526', label: '#1f1a17', herb: '#7a5a40' },
  chicken: { fill: '#d9a021', label: '#a3360a', herb: '#f1c24c' },
  'pork-ribs': { fill: '#8e2a14', label: '#3a1a0d', herb: '#b5481f' },
  fish: { fill: '#c8b84a', label: '#1b4d2d', herb: '#8aa83a' },
  vegetables: { fill: '#5d7f2e', label: '#236339', herb: '#8fb04a' },
  'garlic-herb': { fill: '#d8cfa4', label: '#2f7d4a', herb: '#5d7f2e' },
};

function spiceScene(id: string): string {
  const colours = SPICE_COLOURS[id]!;
  const scatter = pieces(
    `spice-${id}`,
    90,
    { x: 120, y: 440, w: 300, h: 50 },
    [colours.fill, colours.herb, shade(colours.fill, -0.2)],
    [2, 5],
    'grain',
  );
  const leaves = [0, 1, 2]
    .map(
      (i) =>
        `<path d="M${560 + i * 40} ${455 + (i % 2) * 12} c 14 -16 34 -14 40 0 c -14 12 -30 12 -40 0 Z" fill="#4f7a2c"/>`,
    )
    .join('');
  return svg(
    '',
    studio(520) +
      spiceJar(420, 182, colours.fill, colours.label, 1.35) +
      spoon(230, 455, colours.fill) +
      scatter +
      leaves,
  );
}

const WOODS: Record<string, string> = {
  alder: '#c1784a',
  beech: '#d8b384',
  apple: '#c99a6b',
  cherry: '#a0522d',
  oak: '#8b6a43',
  hickory: '#7a5230',
};

function bowl(cx: number, cy: number, content: string): string {
  return `<g>
  ${content}
  <path d="M${cx - 180} ${cy} Q${cx - 170} ${cy + 120} ${cx} ${cy + 130} Q${cx + 170} ${cy + 120} ${cx + 180} ${cy} Z" fill="#2f6e49"/>
  <path d="M${cx - 180} ${cy} Q${cx - 170} ${cy + 120} ${cx} ${cy + 130} Q${cx - 120} ${cy + 100} ${cx - 150} ${cy} Z" fill="#ffffff" opacity="0.1"/>
  <ellipse cx="${cx}" cy="${cy}" rx="180" ry="26" fill="none" stroke="#3f8a58" stroke-width="8"/>
</g>`;
}

function dustScene(wood: string): string {
  const colour = WOODS[wood]!;
  const heap = `<ellipse cx="400" cy="330" rx="170" ry="70" fill="${colour}"/><ellipse cx="400" cy="300" rx="110" ry="60" fill="${shade(colour, 0.12)}"/>
${pieces(`dust-${wood}`, 160, { x: 260, y: 260, w: 280, h: 100 }, [shade(colour, -0.2), shade(colour, 0.25)], [1.2, 2.6], 'grain')}`;
  const scoop = `<g transform="translate(600 440) rotate(-20)"><rect x="0" y="-7" width="120" height="14" rx="7" fill="#8f8984"/><path d="M-70 -30 L0 -30 L0 30 L-70 30 Q-90 0 -70 -30 Z" fill="#b8b2ac"/><ellipse cx="-40" cy="0" rx="28" ry="16" fill="${colour}"/></g>`;
  return svg('', studio(560) + bowl(400, 330, heap) + scoop);
}

function chipsScene(wood: string): string {
  const colour = WOODS[wood]!;
  const heap = pieces(
    `chip-${wood}`,
    80,
    { x: 250, y: 270, w: 300, h: 80 },
    [colour, shade(colour, 0.15), shade(colour, -0.15)],
    [16, 26],
    'chip',
  );
  const log = `<g transform="translate(150 430) rotate(-8)"><rect x="-90" y="-28" width="180" height="56" rx="28" fill="${shade(colour, -0.25)}"/><ellipse cx="90" cy="0" rx="22" ry="28" fill="${shade(colour, 0.3)}"/><ellipse cx="90" cy="0" rx="12" ry="16" fill="none" stroke="${shade(colour, -0.1)}" stroke-width="3"/></g>`;
  return svg('', studio(600) + bowl(430, 330, heap) + log);
}

function smokeGenerator(): string {
  const grid =
    Array.from(
      { length: 9 },
      (_, i) =>
        `<line x1="${250 + i * 37.5}" y1="200" x2="${250 + i * 37.5}" y2="400" stroke="#8f8984" stroke-width="2"/>`,
    ).join('') +
    Array.from(
      { length: 6 },
      (_, i) =>
        `<line x1="250" y1="${200 + i * 40}" x2="550" y2="${200 + i * 40}" stroke="#8f8984" stroke-width="2"/>`,
    ).join('');
  const maze = `<path d="M270 220 H530 V260 H270 V300 H530 V340 H270 V380 H530" fill="none" stroke="${WOODS.beech}" stroke-width="22" stroke-linejoin="round"/>`;
  const ember = `<circle cx="530" cy="380" r="10" fill="#f0661f"/><circle cx="530" cy="380" r="20" fill="#f0661f" opacity="0.3"/>`;
  return svg(
    '',
    studio(460) +
      `<rect x="240" y="190" width="320" height="220" rx="10" fill="#d8d3cc" stroke="#6b6460" stroke-width="6"/>` +
      maze +
      grid +
      ember +
      smoke(520, 180, 140),
  );
}

function smokerBox(): string {
  const holes = Array.from(
    { length: 7 },
    (_, i) => `<rect x="${265 + i * 40}" y="250" width="14" height="40" rx="7" fill="#3a3532"/>`,
  ).join('');
  const chips = pieces(
    'box-chips',
    20,
    { x: 230, y: 195, w: 330, h: 20 },
    [WOODS.hickory!, WOODS.oak!, WOODS.cherry!],
    [10, 16],
    'chip',
  );
  return svg(
    '',
    studio(520) +
      chips +
      `<rect x="220" y="210" width="360" height="170" rx="12" fill="#b8b2ac" stroke="#6b6460" stroke-width="6"/>
<path d="M210 200 L590 200 L600 232 L200 232 Z" fill="#cfc9c2" stroke="#6b6460" stroke-width="6" transform="rotate(-6 210 200)"/>` +
      holes +
      smoke(420, 190, 120, 0.45),
  );
}

function pelletTube(): string {
  const mesh = Array.from(
    { length: 16 },
    (_, i) =>
      `<line x1="${175 + i * 30}" y1="268" x2="${175 + i * 30}" y2="352" stroke="#6b6460" stroke-width="3"/>`,
  ).join('');
  const pellets = pieces(
    'pellets',
    30,
    { x: 100, y: 440, w: 200, h: 40 },
    [WOODS.oak!, WOODS.alder!],
    [7, 10],
    'chip',
  );
  return svg(
    '',
    studio(600) +
      `<g transform="rotate(-10 400 310)"><rect x="160" y="260" width="480" height="100" rx="50" fill="#d8d3cc" stroke="#6b6460" stroke-width="6"/>${mesh}<ellipse cx="640" cy="310" rx="26" ry="50" fill="#8f8984"/></g>` +
      smoke(620, 250, 110, 0.45) +
      pellets,
  );
}

// ---------------------------------------------------------------------------------------
// Recipe scenes: a plate on a wooden table, seen from above.

function table(id: string): string {
  const rand = random(seedOf(id));
  const planks = Array.from({ length: 5 }, (_, i) => {
    const tone = ['#8a5a35', '#93623b', '#7f5230'][i % 3]!;
    const grain = Array.from({ length: 4 }, () => {
      const y = i * 120 + 15 + rand() * 90;
      return `<path d="M0 ${f(y)} Q200 ${f(y + rand() * 12 - 6)} 400 ${f(y)} T800 ${f(y)}" stroke="${shade(tone, -0.12)}" stroke-width="2" fill="none" opacity="0.6"/>`;
    }).join('');
    return `<rect y="${i * 120}" width="800" height="120" fill="${tone}"/>${grain}<rect y="${i * 120 + 118}" width="800" height="3" fill="#5e3b21"/>`;
  }).join('');
  const napkin = `<rect x="520" y="-30" width="340" height="260" rx="8" fill="#f5ead9" transform="rotate(12 690 100)"/><g transform="rotate(12 690 100)" stroke="#c1272d" stroke-width="6" opacity="0.7"><line x1="540" y1="-30" x2="540" y2="230"/><line x1="520" y1="10" x2="860" y2="10"/></g>`;
  const fork = `<g transform="translate(90 300) rotate(-4)" fill="#c9c4bd"><rect x="-6" y="-40" width="12" height="200" rx="6"/><rect x="-16" y="-120" width="32" height="90" rx="10"/><rect x="-16" y="-150" width="5" height="40" rx="2"/><rect x="-5" y="-150" width="5" height="40" rx="2"/><rect x="6" y="-150" width="5" height="40" rx="2"/></g>`;
  return planks + napkin + fork;
}

function plate(cx = 400, cy = 300, r = 230): string {
  return `<circle cx="${cx + 8}" cy="${cy + 12}" r="${r}" fill="#3a2414" opacity="0.35"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#fbf7f1"/><circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="#f3ece2"/><circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="none" stroke="#e4d9c8" stroke-width="3"/>`;
}

function sourCream(x: number, y: number, r: number): string {
  return `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.8}" fill="#ffffff"/><ellipse cx="${x - r * 0.25}" cy="${y - r * 0.2}" rx="${r * 0.4}" ry="${r * 0.25}" fill="#f4efe6"/>`;
}

function dill(seed: string, area: { x: number; y: number; w: number; h: number }, count = 24): string {
  const rand = random(seedOf(seed));
  return Array.from({ length: count }, () => {
    const x = area.x + rand() * area.w;
    const y = area.y + rand() * area.h;
    const a = rand() * 360;
    return `<path d="M${f(x)} ${f(y)} l 10 -3 M${f(x + 4)} ${f(y - 1)} l 4 -6 M${f(x + 6)} ${f(y - 2)} l 5 4" stroke="#3f7a2a" stroke-width="2.2" stroke-linecap="round" transform="rotate(${f(a)} ${f(x)} ${f(y)})"/>`;
  }).join('');
}

function cepelinai(): string {
  const dumpling = (x: number, y: number, a: number) =>
    `<g transform="rotate(${a} ${x} ${y})"><ellipse cx="${x + 6}" cy="${y + 8}" rx="92" ry="52" fill="#000" opacity="0.12"/><ellipse cx="${x}" cy="${y}" rx="92" ry="52" fill="#e9dcc0"/><ellipse cx="${x - 20}" cy="${y - 18}" rx="50" ry="18" fill="#f6eedd"/></g>`;
  const bacon = pieces(
    'cep-bacon',
    30,
    { x: 300, y: 250, w: 200, h: 100 },
    ['#a3360a', '#c2410c', '#e7b48a'],
    [5, 9],
    'lump',
  );
  return svg(
    '',
    table('cepelinai') +
      plate() +
      dumpling(340, 250, -18) +
      dumpling(460, 340, -18) +
      sourCream(420, 250, 46) +
      bacon +
      dill('cep', { x: 280, y: 200, w: 240, h: 200 }),
  );
}

function sausagesInAle(): string {
  const pan = `<circle cx="368" cy="312" r="210" fill="#2a2522"/><circle cx="360" cy="300" r="210" fill="#3a3532"/><circle cx="360" cy="300" r="180" fill="#7a4a1c"/><rect x="560" y="285" width="200" height="34" rx="16" fill="#2a2522"/>`;
  const coil = `<path d="M360 300 m -20 0 a 20 20 0 1 1 40 0 a 50 50 0 1 1 -100 0 a 80 80 0 1 1 160 0 a 110 110 0 1 1 -220 0" fill="none" stroke="#6b3018" stroke-width="40" stroke-linecap="round"/>
<path d="M360 300 m -20 0 a 20 20 0 1 1 40 0 a 50 50 0 1 1 -100 0 a 80 80 0 1 1 160 0 a 110 110 0 1 1 -220 0" fill="none" stroke="#9a4a25" stroke-width="26" stroke-linecap="round"/>
<path d="M360 300 m -20 -6 a 20 20 0 1 1 40 0 a 50 50 0 1 1 -100 0 a 80 80 0 1 1 160 0 a 110 110 0 1 1 -220 0" fill="none" stroke="#c4703f" stroke-width="6" stroke-linecap="round" opacity="0.6"/>`;
  const onions = Array.from(
    { length: 6 },
    (_, i) =>
      `<ellipse cx="${240 + i * 45}" cy="${200 + (i % 3) * 110}" rx="20" ry="12" fill="none" stroke="#e8c77a" stroke-width="5" opacity="0.85"/>`,
  ).join('');
  const ale = `<circle cx="660" cy="470" r="78" fill="#3a2414" opacity="0.3"/><circle cx="650" cy="460" r="78" fill="#e8e2d6"/><circle cx="650" cy="460" r="66" fill="#b56a1c"/><circle cx="650" cy="460" r="58" fill="#f6eedd"/><circle cx="638" cy="448" r="16" fill="#ffffff"/>`;
  return svg(
    '',
    table('ale') + pan + coil + onions + ale + dill('ale', { x: 230, y: 180, w: 260, h: 240 }, 14),
  );
}

function cabbageRolls(): string {
  const dish = `<rect x="148" y="128" width="520" height="360" rx="60" fill="#3a2414" opacity="0.3"/><rect x="140" y="116" width="520" height="360" rx="60" fill="#f3ece2"/><rect x="170" y="146" width="460" height="300" rx="40" fill="#b5361c"/>`;
  const roll = (x: number, y: number) =>
    `<g><rect x="${x - 90}" y="${y - 48}" width="180" height="96" rx="48" fill="#c9d39a"/><rect x="${x - 90}" y="${y - 48}" width="180" height="96" rx="48" fill="none" stroke="#9aa867" stroke-width="4"/><path d="M${x - 60} ${y - 40} Q${x - 40} ${y} ${x - 60} ${y + 40} M${x} ${y - 46} Q${x + 20} ${y} ${x} ${y + 46} M${x + 50} ${y - 42} Q${x + 70} ${y} ${x + 50} ${y + 42}" stroke="#a9b676" stroke-width="4" fill="none"/><ellipse cx="${x - 20}" cy="${y - 22}" rx="50" ry="10" fill="#e4eabf" opacity="0.8"/></g>`;
  const sauce = pieces(
    'rolls-sauce',
    40,
    { x: 180, y: 150, w: 440, h: 290 },
    ['#d9622b', '#8e2a14'],
    [3, 6],
    'grain',
  );
  return svg(
    '',
    table('rolls') +
      dish +
      roll(290, 230) +
      roll(500, 230) +
      roll(290, 360) +
      roll(500, 360) +
      sauce +
      sourCream(400, 295, 34) +
      dill('rolls', { x: 200, y: 170, w: 400, h: 250 }, 30),
  );
}

function kugelis(): string {
  const square = (x: number, y: number) =>
    `<g><rect x="${x + 6}" y="${y + 10}" width="160" height="150" rx="10" fill="#000" opacity="0.12"/><rect x="${x}" y="${y}" width="160" height="150" rx="10" fill="#c98532"/><rect x="${x + 12}" y="${y + 12}" width="136" height="126" rx="8" fill="#e0a651"/>${pieces(`kug-${x}-${y}`, 14, { x: x + 18, y: y + 18, w: 124, h: 114 }, ['#b5702a', '#f1c377'], [2, 5], 'grain')}</g>`;
  const cracklings = pieces(
    'kug-bacon',
    22,
    { x: 330, y: 230, w: 150, h: 100 },
    ['#7c2a0b', '#a3360a', '#d99a6c'],
    [6, 10],
    'lump',
  );
  return svg(
    '',
    table('kugelis') +
      plate() +
      square(250, 180) +
      square(400, 260) +
      sourCream(410, 270, 44) +
      cracklings +
      dill('kug', { x: 260, y: 190, w: 300, h: 220 }, 16),
  );
}

function smokedSausageGrill(): string {
  const grill = `<circle cx="408" cy="312" r="250" fill="#1d1916"/><circle cx="400" cy="300" r="250" fill="#2a2522"/><circle cx="400" cy="300" r="226" fill="#3a1a0d"/>`;
  const embers = pieces(
    'grill-embers',
    50,
    { x: 200, y: 110, w: 400, h: 380 },
    ['#f0661f', '#c2410c', '#fdb913', '#5a2a12'],
    [6, 12],
    'lump',
  );
  const bars = Array.from({ length: 11 }, (_, i) => {
    const y = 90 + i * 42;
    const half = Math.sqrt(Math.max(0, 226 ** 2 - (y - 300) ** 2));
    return `<line x1="${f(400 - half)}" y1="${y}" x2="${f(400 + half)}" y2="${y}" stroke="#8f8984" stroke-width="6"/>`;
  }).join('');
  const sausage = (x: number, y: number, a: number) =>
    `<g transform="rotate(${a} ${x} ${y})"><rect x="${x - 130}" y="${y - 24}" width="260" height="48" rx="24" fill="#7c3417"/><rect x="${x - 126}" y="${y - 18}" width="252" height="16" rx="8" fill="#a04a22" opacity="0.8"/>${[-80, -30, 20, 70].map((o) => `<line x1="${x + o}" y1="${y - 22}" x2="${x + o + 24}" y2="${y + 22}" stroke="#2a130a" stroke-width="6" stroke-linecap="round"/>`).join('')}</g>`;
  const clip = `<clipPath id="grate"><circle cx="400" cy="300" r="222"/></clipPath>`;
  return svg(
    clip,
    table('sausage-grill') +
      grill +
      `<g clip-path="url(#grate)">${embers}</g>` +
      bars +
      sausage(390, 200, -4) +
      sausage(410, 300, 3) +
      sausage(380, 400, -2) +
      smoke(560, 120, 120, 0.35),
  );
}

function potatoPancakes(): string {
  const rand = random(seedOf('pancakes'));
  const pancake = (x: number, y: number, r: number) => {
    const edge = Array.from({ length: 18 }, (_, i) => {
      const a = (i / 18) * Math.PI * 2;
      const rr = r * (0.94 + rand() * 0.1);
      return `${f(x + Math.cos(a) * rr)},${f(y + Math.sin(a) * rr)}`;
    }).join(' ');
    return `<polygon points="${edge}" fill="#b86f22"/><circle cx="${x}" cy="${y}" r="${r * 0.85}" fill="#d9963c"/>${pieces(`pan-${x}`, 26, { x: x - r * 0.7, y: y - r * 0.7, w: r * 1.4, h: r * 1.4 }, ['#e9b866', '#a85f1a'], [2, 5], 'chip')}`;
  };
  return svg(
    '',
    table('pancakes') +
      plate() +
      pancake(320, 240, 100) +
      pancake(470, 260, 96) +
      pancake(390, 380, 98) +
      sourCream(400, 300, 40) +
      dill('pan', { x: 330, y: 250, w: 140, h: 100 }, 14),
  );
}

// ---------------------------------------------------------------------------------------

const PRODUCTS: Record<string, () => string> = {
  'charcoal-10kg': charcoal,
  'kamado-grill': kamado,
  'wood-chips': woodChips,
  'bbq-gloves': gloves,
  ...Object.fromEntries(Object.keys(SPICE_COLOURS).map((id) => [`spice-${id}`, () => spiceScene(id)])),
  'smoke-generator': smokeGenerator,
  'smoker-box': smokerBox,
  'pellet-tube': pelletTube,
  ...Object.fromEntries(
    ['alder', 'beech', 'apple', 'cherry', 'oak'].map((w) => [`dust-${w}`, () => dustScene(w)]),
  ),
  ...Object.fromEntries(
    ['alder', 'apple', 'cherry', 'hickory', 'oak'].map((w) => [`chips-${w}`, () => chipsScene(w)]),
  ),
};

const RECIPES: Record<string, () => string> = {
  cepelinai,
  'cumberland-ale': sausagesInAle,
  'cabbage-rolls': cabbageRolls,
  kugelis,
  'smoked-sausages': smokedSausageGrill,
  'potato-pancakes': potatoPancakes,
};

/** Recipes are photos of the site (content/photos/recipes): one large file each. */
const PHOTO_WIDTH = 1440;

interface Output {
  name: string;
  width: number;
  quality?: number;
}

/** Draws every scene into content/<folder> (emptied first) as the files `outputs` names. */
async function render(
  folder: string,
  scenes: Record<string, () => string>,
  outputs: (id: string) => Output[],
): Promise<number> {
  const dir = path.resolve(import.meta.dirname, '../content', folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  for (const [id, draw] of Object.entries(scenes)) {
    for (const { name, width, quality } of outputs(id))
      bytes += await write(draw, width, path.join(dir, name), quality);
  }
  console.log(`${folder}: ${Object.keys(scenes).length} images, ${(bytes / 1024).toFixed(0)} KB`);
  return bytes;
}

async function write(draw: () => string, width: number, file: string, quality = 72): Promise<number> {
  await sharp(Buffer.from(draw()), { density: 72 * (width / WIDTH) * 2 })
    .resize(width, Math.round((width * HEIGHT) / WIDTH))
    .webp({ quality, effort: 6, smartSubsample: true })
    .toFile(file);
  return statSync(file).size;
}

const parts = process.argv.slice(2);
const wanted = (part: string) => parts.length === 0 || parts.includes(part);
const total =
  (wanted('products')
    ? await render('images/products', PRODUCTS, (id) =>
        IMAGE_WIDTHS.map((width) => ({ name: `${id}-${width}.webp`, width })),
      )
    : 0) +
  (wanted('recipes')
    ? await render('photos/recipes', RECIPES, (id) => [
        { name: `${id}.webp`, width: PHOTO_WIDTH, quality: 85 },
      ])
    : 0);
console.log(`total ${(total / 1024).toFixed(0)} KB`);
