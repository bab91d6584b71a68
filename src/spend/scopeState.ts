/**
 * One scope's ledger state in memory, and reading it from the store: its tally (tally.ts), and
 * only the day totals something asks for. Start-up, budgets and the month totals never read a
 * scope's history, so memory and start-up do not grow with the days a scope has been billed.
 */
import type { Store } from '../lib/store.js';
import { applyEntry, type DayAggregate, emptyDay, type LedgerEntry } from './aggregate.js';
import { dayKey, daysKey } from './ledgerKeys.js';
import { utcDay } from './records.js';
import { addEntryToMonths, copyMonth, isTally, type MonthTotals, monthsFromDays, tallyKey } from './tally.js';

export interface ScopeState {
  /** The highest entry seq written. */
  head: number;
  firstDay: string | undefined;
  /** Every month's totals (the tally's). */
  readonly months: Map<string, MonthTotals>;
  /** Day totals held in memory: recent ones read, and ones changed and not yet written. */
  readonly aggregates: Map<string, DayAggregate>;
  readonly dirtyDays: Set<string>;
  /** The tally changed in memory and is not in the store yet. */
  tallyDirty: boolean;
  /** When it was last used (for evicting idle scopes). */
  lastUsed: number;
}

/** Day totals read in one store call. */
const DAY_PAGE = 500;

async function readDayAggregates(
  store: Store,
  scope: string,
  days: readonly string[],
): Promise<DayAggregate[]> {
  const out: DayAggregate[] = [];
  for (let i = 0; i < days.length; i += DAY_PAGE) {
    const page = days.slice(i, i + DAY_PAGE);
    const found = (await store.getMany(page.map((day) => dayKey(scope, day)))) as (
      | DayAggregate
      | undefined
    )[];
    page.forEach((day, j) => {
      out.push(found[j] ?? emptyDay(day));
    });
  }
  return out;
}

/**
 * A scope as stored: from its tally, or (stored before tallies) from all its days once, which
 * marks the tally to be written. Entries after `head` are not applied here (see `applyEntries`).
 */
export async function readScope(store: Store, scope: string, now: number): Promise<ScopeState> {
  const tally: unknown = await store.get(tallyKey(scope));
  if (isTally(tally))
    return {
      head: tally.appliedThrough,
      firstDay: tally.firstDay ?? undefined,
      months: new Map(Object.entries(tally.months).map(([month, totals]) => [month, copyMonth(totals)])),
      aggregates: new Map(),
      dirtyDays: new Set(),
      tallyDirty: false,
      lastUsed: now,
    };
  const days = ((await store.get(daysKey(scope))) as string[] | undefined) ?? [];
  const aggregates = await readDayAggregates(store, scope, days);
  const head = aggregates.reduce((max, aggregate) => Math.max(max, aggregate.appliedThrough), 0);
  return {
    head,
    firstDay: [...days].sort()[0],
    months: monthsFromDays(aggregates),
    aggregates: new Map(),
    dirtyDays: new Set(),
    tallyDirty: days.length > 0,
    lastUsed: now,
  };
}

/**
 * The day totals of `days` (memory's where it has them, else the store's); those in or after
 * `keepFrom` stay in memory for the next asker.
 */
export async function dayAggregates(
  store: Store,
  scope: string,
  state: ScopeState,
  days: readonly string[],
  keepFrom: string,
): Promise<Map<string, DayAggregate>> {
  const found = new Map<string, DayAggregate>();
  const missing: string[] = [];
  for (const day of days) {
    const held = state.aggregates.get(day);
    if (held) found.set(day, held);
    else if (state.firstDay !== undefined && day >= state.firstDay) missing.push(day);
  }
  const read = await readDayAggregates(store, scope, missing);
  for (const aggregate of read) {
    // Read while another task held none of it: memory may have gained it meanwhile.
    const held = state.aggregates.get(aggregate.day);
    if (held) {
      found.set(aggregate.day, held);
      continue;
    }
    found.set(aggregate.day, aggregate);
    if (aggregate.day >= keepFrom) state.aggregates.set(aggregate.day, aggregate);
  }
  return found;
}

/**
 * Folds entries after the tally's `appliedThrough` into memory (their days must be held:
 * `holdDaysOf` first): day totals, months, first day and head. Nothing is written here.
 */
export function applyEntries(state: ScopeState, entries: readonly LedgerEntry[]): void {
  for (const entry of entries) {
    const day = utcDay(entry.time);
    let aggregate = state.aggregates.get(day);
    if (!aggregate) {
      aggregate = emptyDay(day);
      state.aggregates.set(day, aggregate);
    }
    // A day total read after the tally may already hold it (written meanwhile, with a newer
    // tally): entries reach a day in seq order, so the day's `appliedThrough` says.
    if (entry.seq > aggregate.appliedThrough) applyEntry(aggregate, entry);
    addEntryToMonths(state.months, day, entry);
    if (state.firstDay === undefined || day < state.firstDay) state.firstDay = day;
    state.head = Math.max(state.head, entry.seq);
    state.dirtyDays.add(day);
    state.tallyDirty = true;
  }
}

/** The days entries fall on, held in memory afterwards (so `applyEntries` can fold them in). */
export async function holdDaysOf(
  store: Store,
  scope: string,
  state: ScopeState,
  entries: readonly { readonly time: number }[],
): Promise<void> {
  const days = [...new Set(entries.map((entry) => utcDay(entry.time)))];
  const missing = days.filter((day) => !state.aggregates.has(day));
  if (missing.length === 0) return;
  // A day before the scope's first has nothing stored: no read.
  const read = await dayAggregates(store, scope, state, missing, '');
  for (const day of missing)
    if (!state.aggregates.has(day)) state.aggregates.set(day, read.get(day) ?? emptyDay(day));
}
