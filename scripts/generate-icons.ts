// Writes the favicon.ico, apple-touch-icon.png, the web app manifest's icons and the Open Graph image from
// public/favicon.svg. Run after changing the logo: `npx tsx scripts/generate-icons.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const svg = readFileSync('public/favicon.svg');

// An .ico file holding one 32×32 PNG (supported by every current browser).
const png32 = await sharp(svg, { density: 300 }).resize(32, 32).png().toBuffer();
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png32.length, 14);
header.writeUInt32LE(22, 18); // offset of the image data
writeFileSync('public/favicon.ico', Buffer.concat([header, png32]));

await sharp(svg, { density: 600 }).resize(180, 180).png().toFile('public/apple-touch-icon.png');

// The web app manifest's icons (public/manifest.webmanifest): the logo as it is, and a
// "maskable" one whose flame sits inside the safe circle on a full-bleed orange square.
for (const size of [192, 512])
  await sharp(svg, { density: 1200 }).resize(size, size).png().toFile(`public/icon-${size}.png`);
const flame = await sharp(svg, { density: 1200 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#f0661f' } })
  .composite([{ input: flame, left: 76, top: 76 }])
  .png()
  .toFile('public/icon-maskable-512.png');

const logo = await sharp(svg, { density: 600 }).resize(220, 220).png().toBuffer();
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#0f2a19"/><stop offset="1" stop-color="#236339"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="0" y="590" width="400" height="40" fill="#fdb913"/>
  <rect x="400" y="590" width="400" height="40" fill="#2f7d4a"/>
  <rect x="800" y="590" width="400" height="40" fill="#c1272d"/>
  <text x="360" y="270" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#fff">Lietuvių BBQ</text>
  <text x="360" y="350" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#fdf8f1">savaitgalis Velse</text>
  <text x="360" y="430" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#fdb913">Lithuanian BBQ Weekend in Wales</text>
</svg>`;
await sharp(Buffer.from(og))
  .composite([{ input: logo, left: 100, top: 190 }])
  .png({ compressionLevel: 9 })
  .toFile('public/og-image.png');
console.log('Wrote public/favicon.ico, public/apple-touch-icon.png, public/icon-*.png, public/og-image.png');
