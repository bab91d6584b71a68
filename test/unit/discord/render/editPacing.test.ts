import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEditPacing } from '../../../../src/discord/render/editPacing.js';

describe('edit pacing of bot-token replies', () => {
  it('keeps all streams together under the budget, and never below the base interval', () => {
    const pacing = createEditPacing(40);
    expect(pacing.intervalMs(1000)).toBe(1000);
    const ends = Array.from({ length: 50 }, () => pacing.start());
    expect(pacing.intervalMs(1000)).toBe(1250);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 20, max: 5000 }), (streams, base) => {
        const local = createEditPacing(40);
        for (let i = 0; i < streams; i += 1) local.start();
        const interval = local.intervalMs(base);
        expect(interval).toBeGreaterThanOrEqual(base);
        expect((streams * 1000) / interval).toBeLessThanOrEqual(40);
      }),
    );
    for (const end of ends) {
      end();
      end();
    }
    expect(pacing.intervalMs(1000)).toBe(1000);
  });
});
