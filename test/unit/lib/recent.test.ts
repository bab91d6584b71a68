/**
 * The bounded cache of recent values (src/lib/recent.ts) against a plain reference model: for
 * any sequence of writes, reads, deletions and passing time, it holds exactly what the model
 * holds (the newest writes within the entry, size and age bounds, the oldest dropped first).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRecent } from '../../../src/lib/recent.js';

type Op =
  | { t: 'set'; key: number; size: number }
  | { t: 'get'; key: number }
  | { t: 'delete'; key: number }
  | { t: 'wait'; ms: number }
  | { t: 'clear' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('set' as const), key: fc.nat(12), size: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ t: fc.constant('get' as const), key: fc.nat(12) }),
  fc.record({ t: fc.constant('delete' as const), key: fc.nat(12) }),
  fc.record({ t: fc.constant('wait' as const), ms: fc.nat(40) }),
  fc.constant({ t: 'clear' as const }),
);

describe('the recent-values cache', () => {
  it('holds what a reference model holds, for any sequence of operations', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), fc.integer({ min: 1, max: 6 }), (ops, maxEntries) => {
        const limits = { maxEntries, maxSize: 12, maxAgeMs: 100 };
        let clock = 0;
        const cache = createRecent<number>(limits, () => clock);
        // The model: entries oldest first.
        let model: { key: string; value: number; size: number; at: number }[] = [];
        ops.forEach((step, i) => {
          if (step.t === 'wait') {
            clock += step.ms;
            return;
          }
          if (step.t === 'clear') {
            cache.clear();
            model = [];
            return;
          }
          const key = String(step.key);
          if (step.t === 'delete') {
            cache.delete(key);
            model = model.filter((entry) => entry.key !== key);
          } else if (step.t === 'set') {
            cache.set(key, i, step.size);
            model = model.filter((entry) => entry.key !== key);
            if (step.size <= limits.maxSize) model.push({ key, value: i, size: step.size, at: clock });
            let size = model.reduce((sum, entry) => sum + entry.size, 0);
            while (model.length > limits.maxEntries || size > limits.maxSize) {
              size -= model[0]?.size ?? 0;
              model.shift();
            }
          } else {
            const found = model.find((entry) => entry.key === key);
            const fresh = found && clock - found.at <= limits.maxAgeMs ? found.value : undefined;
            if (found && fresh === undefined) model = model.filter((entry) => entry.key !== key);
            expect(cache.get(key)).toBe(fresh);
          }
        });
        // Everything the model still holds (fresh) is there, nothing else.
        for (let k = 0; k <= 12; k += 1) {
          const found = model.find((entry) => entry.key === String(k));
          const fresh = found && clock - found.at <= limits.maxAgeMs ? found.value : undefined;
          expect(cache.get(String(k))).toBe(fresh);
        }
        expect(cache.size).toBe(model.filter((entry) => clock - entry.at <= limits.maxAgeMs).length);
      }),
      { numRuns: 300 },
    );
  });

  it('lets replaced values go: its eviction cursor pins no more than a bounded few of them', async () => {
    // V8 keeps every hash table since the one a live iterator last read, with the values each
    // held. A cursor left idle while values were replaced pinned all of them (issue 32's soak).
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const cache = createRecent<{ round: number }>({
      maxEntries: 100,
      maxSize: Number.POSITIVE_INFINITY,
      maxAgeMs: Number.POSITIVE_INFINITY,
    });
    // One eviction makes the cursor; then only replacements, below the bound.
    for (let i = 0; i <= 100; i += 1) cache.set(`k${i}`, { round: -1 }, 1);
    const replaced: WeakRef<object>[] = [];
    for (let round = 0; round < 2_000; round += 1) {
      const value = { round };
      replaced.push(new WeakRef(value));
      cache.set(`k${1 + (round % 100)}`, value, 1);
    }
    // WeakRefs made in this job keep their targets until it ends.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    const alive = replaced.filter((ref) => ref.deref() !== undefined).length;
    // The 100 current values, and at most the stranded allowance (64) of replaced ones.
    expect(alive).toBeGreaterThanOrEqual(100);
    expect(alive).toBeLessThanOrEqual(100 + 2 * 64);
  });
});
