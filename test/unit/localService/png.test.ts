import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng, makePng } from '../../../src/localService/png.js';

describe('the local service PNG files (written without an image library)', () => {
  it('are byte for byte what pngjs writes for the same pixels, and decode to them', () => {
    for (const [width, height, seed, noise] of [
      [8, 8, 1, 0],
      [64, 64, 3, 0],
      [96, 96, 301, 1],
      [120, 80, 7, 0.3],
    ] as const) {
      const file = makePng(width, height, seed, noise);
      const decoded = PNG.sync.read(file);
      expect([decoded.width, decoded.height]).toEqual([width, height]);
      const reference = new PNG({ width, height });
      decoded.data.copy(reference.data);
      expect(PNG.sync.write(reference).equals(file)).toBe(true);
      expect(encodePng(decoded.data, width, height).equals(file)).toBe(true);
    }
  });

  it('differ by seed, and noise makes them about 3 bytes a pixel', () => {
    expect(makePng(16, 16, 1).equals(makePng(16, 16, 2))).toBe(false);
    expect(makePng(96, 96, 5, 1).length).toBeGreaterThan(96 * 96 * 3 * 0.95);
  });
});
