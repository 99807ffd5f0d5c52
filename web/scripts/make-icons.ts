/**
 * Draws the app icons into web/public/icons: icon.svg, icon-192.png, icon-512.png and the maskable
 * icon-maskable-512.png. Run with `npx tsx web/scripts/make-icons.ts`; the output is committed, so
 * this only needs re-running when the design changes. No image library: shapes are drawn as
 * signed-distance fields with 4x4 supersampling and written as PNG with node:zlib.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
const TOP: Rgba = [99, 72, 255, 255]; // brand violet
const BOTTOM: Rgba = [59, 42, 196, 255];
const WHITE: Rgba = [255, 255, 255, 255];

/** Distance to a rounded box centred at (cx, cy); negative inside. */
function roundedBox(
  x: number,
  y: number,
  cx: number,
  cy: number,
  hw: number,
  hh: number,
  r: number,
): number {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function circle(x: number, y: number, cx: number, cy: number, r: number): number {
  return Math.hypot(x - cx, y - cy) - r;
}

/** Inside the bubble's tail: a triangle under its lower-left corner. */
function inTail(x: number, y: number): boolean {
  // Triangle (0.30,0.62) (0.46,0.62) (0.30,0.78) in unit space.
  return y >= 0.6 && x >= 0.3 && x - 0.3 + (y - 0.62) <= 0.16 && y <= 0.78;
}

/** Colour of the unit-space point (x, y) in [0,1]²; a maskable icon is full-bleed with the glyph shrunk into the safe zone. */
function shade(x: number, y: number, maskable: boolean): Rgba | null {
  if (!maskable && roundedBox(x, y, 0.5, 0.5, 0.5, 0.5, 0.22) > 0) return null;
  const scale = maskable ? 0.72 : 1;
  const gx = (x - 0.5) / scale + 0.5;
  const gy = (y - 0.5) / scale + 0.5;
  const inBubble = roundedBox(gx, gy, 0.5, 0.46, 0.28, 0.2, 0.09) <= 0 || inTail(gx, gy);
  const inDot = [0.38, 0.5, 0.62].some((cx) => circle(gx, gy, cx, 0.46, 0.045) <= 0);
  if (inBubble && !inDot) return WHITE;
  return TOP.map((c, i) => Math.round(c + ((BOTTOM[i] ?? c) - c) * y)) as Rgba;
}

function render(size: number, maskable: boolean): Buffer {
  const SS = 4;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0; // filter type: none
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = shade((px + (sx + 0.5) / SS) / size, (py + (sy + 0.5) / SS) / size, maskable);
          if (!c) continue;
          // Premultiply so edges against transparency blend correctly.
          acc[0]! += c[0] * c[3];
          acc[1]! += c[1] * c[3];
          acc[2]! += c[2] * c[3];
          acc[3]! += c[3];
        }
      }
      const o = py * (size * 4 + 1) + 1 + px * 4;
      const a = acc[3]!;
      raw[o] = a ? Math.round(acc[0]! / a) : 0;
      raw[o + 1] = a ? Math.round(acc[1]! / a) : 0;
      raw[o + 2] = a ? Math.round(acc[2]! / a) : 0;
      raw[o + 3] = Math.round(a / (SS * SS));
    }
  }
  return png(size, raw);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#6348ff"/>
      <stop offset="1" stop-color="#3b2ac4"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="112.6" fill="url(#g)"/>
  <rect x="112.6" y="133.1" width="286.7" height="204.8" rx="46" fill="#fff"/>
  <path d="M153.6 317.4h81.9l-81.9 81.9z" fill="#fff"/>
  <g fill="#6348ff"><circle cx="194.6" cy="235.5" r="23"/><circle cx="256" cy="235.5" r="23"/><circle cx="317.4" cy="235.5" r="23"/></g>
</svg>
`;

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
writeFileSync(`${outDir}icon.svg`, SVG);
writeFileSync(`${outDir}icon-192.png`, render(192, false));
writeFileSync(`${outDir}icon-512.png`, render(512, false));
writeFileSync(`${outDir}icon-maskable-512.png`, render(512, true));
writeFileSync(`${outDir}apple-touch-icon-180.png`, render(180, true));
console.log(`icons written to ${outDir}`);
