// Draws the PWA icons (public/icons/*.png) without any image tool: a purple rounded square with a
// white "play" mark, rendered with 4×4 supersampling and written as PNG with node:zlib.
// The "maskable" variants fill the whole square and keep the mark inside the 80 % safe zone.
// Run: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const PRIMARY = [0x5a, 0x32, 0xc8];
const DARK = [0x14, 0x12, 0x1f];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1).
function inRoundedSquare(x, y, r) {
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}
function inTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const s = (px, py, qx, qy, rx, ry) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
  const d1 = s(x, y, ax, ay, bx, by);
  const d2 = s(x, y, bx, by, cx, cy);
  const d3 = s(x, y, cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}
function inRing(x, y, cx, cy, r0, r1) {
  const d = Math.hypot(x - cx, y - cy);
  return d >= r0 && d <= r1 && x > cx + 0.02;
}

/** scale < 1 shrinks the mark toward the centre (maskable safe zone). */
function sample(x, y, maskable) {
  const scale = maskable ? 0.78 : 1;
  if (!maskable && !inRoundedSquare(x, y, 0.22)) return null;
  const u = (x - 0.5) / scale + 0.5;
  const v = (y - 0.5) / scale + 0.5;
  if (inTriangle(u, v, [0.36, 0.28], [0.36, 0.72], [0.7, 0.5])) return WHITE;
  if (inRing(u, v, 0.5, 0.5, 0.36, 0.4)) return WHITE;
  const t = y; // a slight vertical gradient from primary to a darker purple
  return PRIMARY.map((c, i) => Math.round(c + (DARK[i] - c) * t * 0.35));
}

function draw(size, maskable) {
  const out = Buffer.alloc(size * size * 4);
  const N = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < N; sy++) {
        for (let sx = 0; sx < N; sx++) {
          const c = sample((px + (sx + 0.5) / N) / size, (py + (sy + 0.5) / N) / size, maskable);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
      }
      out[i + 3] = Math.round((a / (N * N)) * 255);
    }
  }
  return png(size, out);
}

const dir = new URL('../public/icons/', import.meta.url);
for (const size of [192, 512]) {
  writeFileSync(new URL(`icon-${size}.png`, dir), draw(size, false));
  writeFileSync(new URL(`icon-maskable-${size}.png`, dir), draw(size, true));
}
writeFileSync(new URL('apple-touch-icon-180.png', dir), draw(180, true));
console.log('icons written to public/icons/');
