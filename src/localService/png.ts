/**
 * Real PNG files for the local service's content host, distinct per seed, written with node:zlib
 * alone (no image library: the playground ships this). The encoding is pngjs's default (8-bit
 * RGBA; per row the filter with the smallest sum of differences; deflate level 9, RLE strategy),
 * so a file is byte for byte what pngjs would write for the same pixels.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const BPP = 4;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(data.length + 12);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, out.length - 4)), out.length - 4);
  return out;
}

function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const pLeft = Math.abs(p - left);
  const pUp = Math.abs(p - up);
  const pUpLeft = Math.abs(p - upLeft);
  if (pLeft <= pUp && pLeft <= pUpLeft) return left;
  return pUp <= pUpLeft ? up : upLeft;
}

/** The rows, each after its filter byte, with the filter whose values sum smallest (pngjs's pick). */
function filtered(pixels: Buffer, width: number, height: number): Buffer {
  const rowBytes = width * BPP;
  const out = Buffer.alloc((rowBytes + 1) * height);
  // The row under each of the five filters (none, sub, up, average, Paeth), and their sums.
  const rows = Array.from({ length: 5 }, () => Buffer.alloc(rowBytes));
  const sums = [0, 0, 0, 0, 0];
  for (let y = 0; y < height; y += 1) {
    const row = y * rowBytes;
    sums.fill(0);
    for (let x = 0; x < rowBytes; x += 1) {
      const value = pixels[row + x] as number;
      const left = x >= BPP ? (pixels[row + x - BPP] as number) : 0;
      const up = y > 0 ? (pixels[row + x - rowBytes] as number) : 0;
      const upLeft = y > 0 && x >= BPP ? (pixels[row + x - rowBytes - BPP] as number) : 0;
      const candidates = [
        value,
        value - left,
        value - up,
        value - ((left + up) >> 1),
        value - paeth(left, up, upLeft),
      ];
      for (let filter = 0; filter < 5; filter += 1) {
        const candidate = candidates[filter] as number;
        sums[filter] = (sums[filter] as number) + Math.abs(candidate);
        (rows[filter] as Buffer)[x] = candidate & 255;
      }
    }
    let best = 0;
    for (let filter = 1; filter < 5; filter += 1)
      if ((sums[filter] as number) < (sums[best] as number)) best = filter;
    const start = y * (rowBytes + 1);
    out[start] = best;
    (rows[best] as Buffer).copy(out, start + 1);
  }
  return out;
}

/** A PNG file of 8-bit RGBA pixels (`width × height × 4` bytes, row by row). */
export function encodePng(pixels: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const data = deflateSync(filtered(pixels, width, height), { level: 9, strategy: 3, chunkSize: 32 * 1024 });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A width × height PNG: a gradient tinted by `seed`, with `noise` (0-1) of random pixels, which
 * makes the file less compressible (noise 1 gives about 3 bytes per pixel).
 */
export function makePng(width: number, height: number, seed: number, noise = 0): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const noisy = noise > 0 && random() < noise;
      pixels[i] = noisy ? Math.floor(random() * 256) : (x * 7 + seed * 40) & 255;
      pixels[i + 1] = noisy ? Math.floor(random() * 256) : (y * 5 + seed * 90) & 255;
      pixels[i + 2] = noisy ? Math.floor(random() * 256) : (seed * 60) & 255;
      pixels[i + 3] = 255;
    }
  }
  return encodePng(pixels, width, height);
}
