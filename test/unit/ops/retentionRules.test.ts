/**
 * The rules the bot's retention sweep is given (src/app/retention.ts `retentionRules`: each capability's
 * own) against the table of what the store holds (docs/operators.md "What is kept, and for how
 * long"): every key the sweep removes is claimed by exactly one rule, with the lifetime the table
 * states; no rule claims a key kept for good or removed by someone else; no rule claims a key the
 * table does not list; no two rules claim the same keys.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { retentionRules } from '../../../src/app/retention.js';
import type { RetentionRule } from '../../../src/ops/retention.js';

const ROOT = resolve(import.meta.dirname, '../../..');
// The defaults of CONVERSATION_RETENTION_DAYS and LEDGER_ENTRY_RETENTION_DAYS, which the table states.
const rules = retentionRules({ conversationRetentionDays: 90, ledgerEntryRetentionDays: 400 });

interface Row {
  /** The row's keys with each placeholder (`<server>`, `…`) filled in. */
  readonly keys: readonly string[];
  readonly kept: string;
  readonly removedBy: string;
}

function table(): Row[] {
  const text = readFileSync(resolve(ROOT, 'docs/operators.md'), 'utf8');
  const section = text.split('### What is kept, and for how long')[1]?.split('\n\n')[2] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| what |'))
    .map((line) => {
      const [, key = '', kept = '', removedBy = ''] = line.split(' | ').map((cell) => cell.trim());
      const keys = [...key.matchAll(/`([^`]+)`/g)].map((match) =>
        (match[1] as string).replace(/<[^>]+>|…/g, '123'),
      );
      return { keys, kept, removedBy: removedBy.replace(/ \|$/, '') };
    });
}

const UNIT_MS = { s: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** A lifetime as the table words it: `30 days`, `an hour`, `15 s`, `` `X_DAYS` (90) ``. */
function documentedMs(kept: string): number | undefined {
  const days = /^`[A-Z_]+_DAYS` \((\d+)\)/.exec(kept);
  if (days) return Number(days[1]) * UNIT_MS.day;
  const words = /^(an?|\d+) (s|minute|hour|day)s?\b/.exec(kept);
  if (!words) return undefined;
  const count = words[1] === 'a' || words[1] === 'an' ? 1 : Number(words[1]);
  return count * UNIT_MS[words[2] as keyof typeof UNIT_MS];
}

const claims = (rule: RetentionRule, key: string) =>
  key.startsWith(rule.prefix) && (rule.matches?.(key) ?? true);

describe('retention rules against the table of what the store holds', () => {
  const rows = table();

  it('reads the table', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.flatMap((row) => row.keys)).toContain('conversation:123');
  });

  it('every key the sweep removes has exactly one rule, with the lifetime the table states', () => {
    for (const row of rows.filter((row) => row.removedBy.startsWith('the retention sweep'))) {
      const lifetimes = row.kept.split(';').map((part) => part.trim());
      row.keys.forEach((key, i) => {
        const owners = rules.filter((rule) => claims(rule, key));
        expect(
          owners.map((rule) => rule.what),
          key,
        ).toHaveLength(1);
        const [owner] = owners as [RetentionRule];
        const kept = (row.keys.length > 1 ? lifetimes[i] : lifetimes[0]) ?? '';
        expect(owner.lifetime.ms, key).toBe(documentedMs(kept));
        expect(owner.lifetime.fromValueTime, key).toBe(kept.includes('after the request'));
      });
    }
  });

  it('no rule claims a key kept for good or removed by something else', () => {
    for (const row of rows.filter((row) => !row.removedBy.startsWith('the retention sweep'))) {
      for (const key of row.keys) {
        expect(
          rules.filter((rule) => claims(rule, key)).map((rule) => rule.what),
          key,
        ).toEqual([]);
      }
    }
  });

  it('every rule claims a key the table lists', () => {
    const keys = rows.flatMap((row) => row.keys);
    for (const rule of rules) {
      expect(
        keys.some((key) => claims(rule, key)),
        rule.what,
      ).toBe(true);
    }
  });

  it('no two rules claim the same prefix, and each says what it keeps and why', () => {
    for (const [i, rule] of rules.entries()) {
      expect(rule.what).not.toBe('');
      expect(rule.why).not.toBe('');
      for (const other of rules.slice(i + 1)) {
        const overlap = rule.prefix.startsWith(other.prefix) || other.prefix.startsWith(rule.prefix);
        expect(overlap, `${rule.what} / ${other.what}`).toBe(false);
      }
    }
    expect(new Set(rules.map((rule) => rule.what)).size).toBe(rules.length);
  });
});
