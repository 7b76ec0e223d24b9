// Writes server/assets/logo.png and favicon.ico (the default logo the status object advertises):
// a blue rounded square with a white sluice gate over a wave. Run: node server/scripts/brand-images.js
const { deflateSync } = require('node:zlib');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

function crc32(buf) {
  let c;
  let crc = 0xffffffff;
  for (const b of buf) {
    c = (crc ^ b) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size) {
  const r = size * 0.19;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const cx = Math.min(Math.max(x + 0.5, r), size - r);
      const cy = Math.min(Math.max(y + 0.5, r), size - r);
      const inside = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= r;
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;
      // A gate between two posts, water flowing under it.
      const posts = v > 0.22 && v < 0.8 && ((u > 0.2 && u < 0.29) || (u > 0.71 && u < 0.8));
      const gate = u >= 0.29 && u <= 0.71 && v > 0.22 && v < 0.44;
      const wave = u > 0.12 && u < 0.88 && Math.abs(v - (0.64 + 0.05 * Math.sin(u * Math.PI * 4))) < 0.045;
      const bar = posts || gate || wave;
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const rgba = !inside ? [0, 0, 0, 0] : bar ? [255, 255, 255, 255] : [22, 100, 255, 255];
      rgba.forEach((val, i) => (raw[o + i] = val));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO holding PNG images (every current browser reads PNG entries). */
function ico(sizes) {
  const images = sizes.map((s) => png(s));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map((img, i) => {
    const e = Buffer.alloc(16);
    e[0] = sizes[i] >= 256 ? 0 : sizes[i];
    e[1] = sizes[i] >= 256 ? 0 : sizes[i];
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(img.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += img.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

const dir = join(__dirname, '..', 'assets');
writeFileSync(join(dir, 'logo.png'), png(128));
writeFileSync(join(dir, 'favicon.ico'), ico([16, 32, 48]));
