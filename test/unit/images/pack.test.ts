import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packImages } from '../../../src/images/pack.js';

const images = (...sizes: number[]) => sizes.map((size, i) => ({ index: i + 1, size }));

describe('packing images into messages', () => {
  it('puts everything in one message when it fits', () => {
    expect(packImages(images(10, 20, 30, 40), 100).map((m) => m.map((i) => i.index))).toEqual([[1, 2, 3, 4]]);
  });

  it('spreads over messages when the size limit is reached, keeping order', () => {
    const messages = packImages(images(60, 50, 40, 30), 100);
    expect(messages.map((m) => m.map((i) => i.index))).toEqual([[1], [2, 3], [4]]);
    // Nothing is left out.
    expect(messages.flat()).toHaveLength(4);
  });

  it('sets apart an image that alone exceeds the limit (in no message; the caller posts its link)', () => {
    const messages = packImages(images(10, 500, 10), 100);
    expect(messages.map((m) => m.map((i) => i.index))).toEqual([[1, 3]]);
    expect(messages.flat().map((i) => i.index)).not.toContain(2);
  });

  it('puts at most 10 attachments in a message', () => {
    const messages = packImages(images(...Array.from({ length: 23 }, () => 1)), 1000);
    expect(messages.map((m) => m.length)).toEqual([10, 10, 3]);
  });

  it('property: every image within the limit lands exactly once, in order, within both limits; no larger one does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 10 }),
        (sizes, limit, perMessage) => {
          const input = images(...sizes);
          const messages = packImages(input, limit, perMessage);
          const packed = messages.flat();
          expect(packed.map((i) => i.index)).toEqual(
            input.filter((i) => i.size <= limit).map((i) => i.index),
          );
          expect(packed.map((i) => i.index)).toEqual([...packed.map((i) => i.index)].sort((a, b) => a - b));
          for (const message of messages) {
            expect(message.length).toBeGreaterThan(0);
            expect(message.length).toBeLessThanOrEqual(perMessage);
            expect(message.reduce((sum, i) => sum + i.size, 0)).toBeLessThanOrEqual(limit);
          }
          for (const image of packed) expect(image.size).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });
});
