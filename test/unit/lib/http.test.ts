import { describe, expect, it } from 'vitest';
import { BodyTooLarge, readText } from '../../../src/lib/http.js';

/** A body as undici hands it over: chunks, plus the two methods discarding needs. */
function body(chunks: readonly string[]) {
  let destroyed = false;
  return {
    destroyed: () => destroyed,
    stream: {
      async *[Symbol.asyncIterator]() {
        for (const chunk of chunks) {
          if (destroyed) return;
          yield Buffer.from(chunk, 'utf8');
        }
      },
      on: () => undefined,
      destroy: () => {
        destroyed = true;
      },
    },
  };
}

describe('readText', () => {
  it('reads a body up to the limit, a character split across chunks included', async () => {
    expect(await readText(body(['ab', 'cd']).stream, 4)).toBe('abcd');
    const euro = Buffer.from('€', 'utf8');
    const parts = {
      async *[Symbol.asyncIterator]() {
        yield euro.subarray(0, 2);
        yield euro.subarray(2);
      },
      on: () => undefined,
      destroy: () => undefined,
    };
    expect(await readText(parts, 3)).toBe('€');
  });

  it('refuses a body past the limit and stops reading it', async () => {
    const huge = body(['abc', 'def', 'never read']);
    await expect(readText(huge.stream, 5)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(huge.destroyed()).toBe(true);
  });
});
