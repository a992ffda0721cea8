// Draws the demo's app icons (demo/icons/icon-192.png, icon-512.png): the favicon's die (a
// rounded square showing five) rasterised here, with 4×4 samples a pixel for smooth edges, and
// written as PNG with Node's zlib. Run once after changing the design: node scripts/demo-icons.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const FACE = [0x7a, 0x2e, 0x1d];
const PIP = [0xff, 0xff, 0xff];
// In a 64-unit square, as in demo/icons/icon.svg.
const BOX = { x0: 4, y0: 4, x1: 60, y1: 60, r: 11 };
const PIPS = [[21, 21], [43, 21], [32, 32], [21, 43], [43, 43]];
const PIP_R = 5.5;

function inBox(x, y) {
  const cx = Math.min(Math.max(x, BOX.x0 + BOX.r), BOX.x1 - BOX.r);
  const cy = Math.min(Math.max(y, BOX.y0 + BOX.r), BOX.y1 - BOX.r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= BOX.r ** 2;
}

function pixels(size) {
  const out = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let face = 0;
      let pip = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = ((px + (sx + 0.5) / n) / size) * 64;
          const y = ((py + (sy + 0.5) / n) / size) * 64;
          if (!inBox(x, y)) continue;
          if (PIPS.some(([cx, cy]) => (x - cx) ** 2 + (y - cy) ** 2 <= PIP_R ** 2)) pip++;
          else face++;
        }
      }
      const covered = face + pip;
      const i = (py * size + px) * 4;
      if (covered === 0) continue;
      for (let c = 0; c < 3; c++) out[i + c] = Math.round((FACE[c] * face + PIP[c] * pip) / covered);
      out[i + 3] = Math.round((255 * covered) / (n * n));
    }
  }
  return out;
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size) {
  const rgba = pixels(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  const file = new URL(`../demo/icons/icon-${size}.png`, import.meta.url);
  writeFileSync(file, png(size));
  console.log(`wrote ${file.pathname}`);
}
