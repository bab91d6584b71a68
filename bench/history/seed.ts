/**
 * The history bench's store: `scopes` ledger scopes with `days` days each, written straight to
 * the store as the ledger writes them (day totals, tally, marker) and, within the entries'
 * retention (400 days), the entries themselves: one request a day, so a day's total and its one
 * entry agree (seq = the day's position).
 */

import type { Store } from '../../src/lib/store.js';
import { type DayAggregate, daysBetween, emptyDay, type LedgerEntry } from '../../src/spend/aggregate.js';
import { dayKey, entryKey } from '../../src/spend/ledgerKeys.js';
import { scopeMarkerKey } from '../../src/spend/scopes.js';
import { type MonthTotals, monthOf, tallyKey, tallyOf } from '../../src/spend/tally.js';

export const DAY_MS = 86_400_000;
/** The entries' retention (LEDGER_ENTRY_RETENTION_DAYS' default): days this far back have entries. */
export const ENTRY_DAYS = 400;

/** Scope names: the guilds the commands come from first, then Discord-sized ids. */
export function scopeNames(count: number, guildIds: readonly string[]): string[] {
  return Array.from(
    { length: count },
    (_, i) => guildIds[i] ?? String(3_000_000_000_000_000_000n + BigInt(i)),
  );
}

const userOf = (scope: number) => String(100_000_000_000_000_000n + BigInt(scope % 5));
const costOf = (scope: number) => 1_000 + (scope % 97);

/** A day of one scope: one request of one member (a small server's day). */
function dayOf(scope: number, day: string, seq: number): DayAggregate {
  const cost = costOf(scope);
  return {
    ...emptyDay(day),
    appliedThrough: seq,
    firstSeq: seq,
    lastSeq: seq,
    requests: 1,
    costMicros: cost,
    byModel: {
      'service-v1-flash': { requests: 1, inputTokens: 900, outputTokens: 400, images: 0, costMicros: cost },
    },
    byUser: { [userOf(scope)]: { requests: 1, costMicros: cost } },
  };
}

/** That day's one entry, at noon UTC (no later than `now`). */
function entryOf(scope: number, name: string, day: string, seq: number, now: number): LedgerEntry {
  return {
    id: `h${scope}-${seq}`,
    time: Math.min(now, Date.parse(`${day}T12:00:00Z`)),
    guildId: name,
    channelId: '4000000000000000000',
    userId: userOf(scope),
    kind: 'chat',
    model: 'service-v1-flash',
    inputTokens: 900,
    outputTokens: 400,
    estimated: false,
    outcome: 'completed',
    costMicros: costOf(scope),
    seq,
    scope: name,
  };
}

/** Writes the scopes' history up to `now`'s day; resolves with the rows written. */
export async function seedHistory(store: Store, names: readonly string[], days: number, now: number) {
  const today = new Date(now).toISOString().slice(0, 10);
  const dayList = daysBetween(new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10), today);
  const withEntries = new Set(dayList.slice(-ENTRY_DAYS));
  let batch: { key: string; value: unknown }[] = [];
  let rows = 0;
  let entries = 0;
  const flush = async () => {
    if (batch.length > 0) await store.setMany(batch);
    rows += batch.length;
    batch = [];
  };
  for (const [scope, name] of names.entries()) {
    const months = new Map<string, MonthTotals>();
    for (const [i, day] of dayList.entries()) {
      const aggregate = dayOf(scope, day, i + 1);
      batch.push({ key: dayKey(name, day), value: aggregate });
      if (withEntries.has(day)) {
        batch.push({ key: entryKey(name, i + 1), value: entryOf(scope, name, day, i + 1, now) });
        entries += 1;
      }
      const month = months.get(monthOf(day)) ?? { requests: 0, costMicros: 0 };
      month.requests += 1;
      month.costMicros += aggregate.costMicros;
      months.set(monthOf(day), month);
    }
    batch.push({ key: tallyKey(name), value: tallyOf(dayList.length, dayList[0], months) });
    batch.push({ key: scopeMarkerKey(name), value: true });
    if (batch.length >= 20_000) await flush();
  }
  await flush();
  return { rows, entries };
}
