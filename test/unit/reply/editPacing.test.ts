import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEditPacing } from '../../../src/reply/editPacing.js';

describe('edit pacing of bot-token replies', () => {
  it('keeps all streams together under the budget, and frees the share of streams that end', () => {
    const pacing = createEditPacing(40);
    expect(pacing.sharedIntervalMs()).toBe(0);
    const ends = Array.from({ length: 50 }, () => pacing.start());
    expect(pacing.sharedIntervalMs()).toBe(1250);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), (streams) => {
        const local = createEditPacing(40);
        for (let i = 0; i < streams; i += 1) local.start();
        expect((streams * 1000) / local.sharedIntervalMs()).toBeLessThanOrEqual(40);
      }),
    );
    for (const end of ends) {
      end();
      end();
    }
    expect(pacing.sharedIntervalMs()).toBe(0);
  });
});
