/** Real PNG files for the fake content host, distinct per seed (pngjs). */
import { PNG } from 'pngjs';

/**
 * A width × height PNG: a gradient tinted by `seed`, with `noise` (0-1) of random pixels, which
 * makes the file less compressible (noise 1 gives about 3 bytes per pixel).
 */
export function makePng(width: number, height: number, seed: number, noise = 0): Buffer {
  const png = new PNG({ width, height });
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
      png.data[i] = noisy ? Math.floor(random() * 256) : (x * 7 + seed * 40) & 255;
      png.data[i + 1] = noisy ? Math.floor(random() * 256) : (y * 5 + seed * 90) & 255;
      png.data[i + 2] = noisy ? Math.floor(random() * 256) : (seed * 60) & 255;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
