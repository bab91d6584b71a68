/**
 * The raw ledger entries as CSV (RFC 4180), for /usage export: the header and one row per entry,
 * and one per credit pack bought or refunded (paid plans; no cost, so the cost column still sums
 * to the spend), each line with its CRLF, so an export can be cut into files between any two lines.
 *
 * Files are opened in spreadsheets, which run a cell starting with `=`, `+`, `-` or `@` (or a tab
 * or carriage return before one) as a formula. Every cell that is not a plain number and starts
 * so gets a `'` in front, as OWASP advises ("CSV Injection"): the spreadsheet shows it as text,
 * and the `'` is the only change. Plain numbers (`-12`, `0.004000`) stay numbers.
 */
import type { LedgerEntry } from './aggregate.js';
import { ledgerOutcome, utcDay } from './records.js';

export const CSV_COLUMNS = [
  'id',
  'time',
  'guild',
  'channel',
  'user',
  'kind',
  'model',
  'input_tokens',
  'output_tokens',
  'images',
  'size',
  'cost_micros',
  'cost',
  'estimated',
  'outcome',
  // The member's rule-bearing roles when billed (/budget role), space-separated; empty for none
  // and for entries from before rules per role.
  'roles',
  // Who paid: `operator`, or `server key` (the server's own service key, /config service-key).
  'paid_by',
  // Paid plans (PLANS_FILE), in the currency, empty when none: of `cost`, what the member's own
  // subscription paid and what the server's purchased credit paid (the rest of an operator-paid
  // entry came from the server's month allowance).
  'from_member_plan',
  'from_credit',
  // Credit rows only (kind `credit` or `credit_refund`): the SKU bought, and what it added to the
  // server's credit balance (a refund's row takes it off: negative). Their cost cells are empty.
  'sku',
  'credit',
] as const;

/** The header line, CRLF included. */
export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

/** What a spreadsheet may read as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as the bot writes one: an optional minus, digits, an optional decimal part. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** `text` as a spreadsheet should show it: a `'` before what would start a formula. */
export function neutralized(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One cell: neutralized, then quoted when it holds a quote, a comma or a line break. */
export function csvCell(value: string | number | boolean | null): string {
  const text = neutralized(value === null ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Micro-units as a decimal of the currency, e.g. 4000 → `0.004000` (a negative one with its minus). */
export function decimal(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  return `${sign}${Math.floor(abs / 1_000_000)}.${String(abs % 1_000_000).padStart(6, '0')}`;
}

/** A plan's draw as a cell: the decimal, or empty when it drew nothing. */
const drawCell = (micros: number | undefined) => (micros !== undefined && micros > 0 ? decimal(micros) : '');

/** One entry's line, CRLF included (a quoted cell may hold line breaks of its own). */
export function entryRow(entry: LedgerEntry): string {
  const cells = [
    entry.id,
    new Date(entry.time).toISOString(),
    entry.guildId,
    entry.channelId,
    entry.userId,
    entry.kind,
    entry.model,
    entry.kind === 'chat' ? entry.inputTokens : 0,
    entry.kind === 'chat' ? entry.outputTokens : 0,
    entry.kind === 'image' ? entry.n : 0,
    entry.kind === 'image' ? entry.size : '',
    entry.costMicros,
    decimal(entry.costMicros),
    entry.estimated,
    // Entries recorded before outcomes were checked may hold a service's own words.
    ledgerOutcome(entry.outcome),
    (entry.roleIds ?? []).join(' '),
    entry.paidBy === 'serverKey' ? 'server key' : 'operator',
    drawCell(entry.planDraw?.memberMicros),
    drawCell(entry.planDraw?.creditMicros),
    '',
    '',
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A credit pack bought (`credit`) or refunded (`credit_refund`), as the export lists it. */
export interface CreditEntry {
  readonly kind: 'credit' | 'credit_refund';
  /** The pack's Discord entitlement id. */
  readonly id: string;
  /** When it was credited, or refunded (ms). */
  readonly time: number;
  readonly guildId: string;
  /** Who bought it, when Discord said. */
  readonly userId: string | null;
  readonly skuId: string;
  /** What it did to the credit balance: the pack's amount, negative for a refund. */
  readonly micros: number;
}

/** A pack as the credit book keeps it (plans/creditBook.ts), what the export reads of it. */
export interface CreditPackFacts {
  readonly entitlementId: string;
  readonly skuId: string;
  readonly micros: number;
  readonly userId: string | null;
  readonly at: number;
  readonly refundedAt?: number;
}

/** A server's packs credited or refunded on the days `from`…`to` (UTC, inclusive), oldest first. */
export function creditEntries(
  guildId: string,
  packs: readonly CreditPackFacts[],
  from: string,
  to: string,
): CreditEntry[] {
  const within = (time: number) => {
    const day = utcDay(time);
    return day >= from && day <= to;
  };
  const entries: CreditEntry[] = [];
  for (const pack of packs) {
    const facts = { id: pack.entitlementId, guildId, userId: pack.userId, skuId: pack.skuId };
    if (within(pack.at)) entries.push({ ...facts, kind: 'credit', time: pack.at, micros: pack.micros });
    if (pack.refundedAt !== undefined && within(pack.refundedAt))
      entries.push({ ...facts, kind: 'credit_refund', time: pack.refundedAt, micros: -pack.micros });
  }
  return entries.sort((a, b) => a.time - b.time);
}

/** A credit entry's line, CRLF included: no request, so every request and cost cell is empty. */
export function creditRow(entry: CreditEntry): string {
  const cells = [
    entry.id,
    new Date(entry.time).toISOString(),
    entry.guildId,
    '',
    entry.userId,
    entry.kind,
    ...Array.from({ length: CSV_COLUMNS.indexOf('sku') - CSV_COLUMNS.indexOf('model') }, () => ''),
    entry.skuId,
    decimal(entry.micros),
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV in one string: for small sets only (bench/ledger.ts); /usage export streams. */
export function entriesCsv(entries: readonly LedgerEntry[]): string {
  return CSV_HEADER + entries.map(entryRow).join('');
}
