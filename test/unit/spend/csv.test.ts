/**
 * The export's CSV cells: no text cell can start a formula in a spreadsheet (OWASP "CSV
 * Injection": a `'` goes before `=`, `+`, `-`, `@`, tab, CR), reading the file back gives the
 * text with only that `'` added, plain numbers stay numbers; and the outcome column holds only
 * the bot's own words, also for entries recorded before outcomes were checked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src/spend/aggregate.js';
import { CSV_COLUMNS, csvCell, decimal, entryRow, neutralized } from '../../../src/spend/csv.js';
import { LEDGER_OUTCOMES, ledgerOutcome } from '../../../src/spend/records.js';
import { FORMULA_START, parseCsv } from '../../helpers/csv.js';

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Any text, often starting with a formula character, sometimes needing quotes. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(
      fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\r\n', '"', ',', "'", ' ='),
      fc.string({ unit: 'binary', maxLength: 40 }),
    )
    .map(([start, rest]) => start + rest),
  fc.constantFrom('=HYPERLINK("http://x")', '=1+1', "+cmd|' /C calc'!A0", '@SUM(A1)', '-2+3', '-12', '-0.5'),
);

/** What reading `cell` back must give for `original`: the text, with a `'` if it could start a formula. */
const expectedCell = (original: string) =>
  FORMULA_START.test(original) && !PLAIN_NUMBER.test(original) ? `'${original}` : original;

describe('CSV cells', () => {
  it('no cell of arbitrary text starts a formula; read back it is the text, plus a leading quote when it would have', () => {
    fc.assert(
      fc.property(text, (original) => {
        const [row, ...rest] = parseCsv(`${csvCell(original)}\r\n`);
        expect(rest).toEqual([]);
        expect(row).toEqual([expectedCell(original)]);
        const cell = row?.[0] as string;
        if (!PLAIN_NUMBER.test(cell)) expect(cell).not.toMatch(FORMULA_START);
        // Only the prefix was added.
        expect(cell.startsWith("'") && cell !== original ? cell.slice(1) : cell).toBe(original);
      }),
      { numRuns: 2000 },
    );
  });

  it('a whole entry row of arbitrary text: every cell safe, the text intact, the numbers numbers', () => {
    const entry = fc.record({
      guildId: fc.option(text, { nil: null }),
      channelId: text,
      userId: text,
      model: text,
      size: text,
      outcome: text,
      id: text,
      kind: fc.constantFrom('chat' as const, 'image' as const),
      tokens: fc.nat(),
      costMicros: fc.nat(),
    });
    fc.assert(
      fc.property(entry, (e) => {
        const ledgerEntry = {
          id: e.id,
          seq: 1,
          scope: 'g',
          time: Date.UTC(2026, 10, 1),
          guildId: e.guildId,
          channelId: e.channelId,
          userId: e.userId,
          model: e.model,
          estimated: false,
          outcome: e.outcome,
          costMicros: e.costMicros,
          ...(e.kind === 'chat'
            ? { kind: 'chat' as const, inputTokens: e.tokens, outputTokens: e.tokens + 1 }
            : { kind: 'image' as const, size: e.size, n: e.tokens, imagesDelivered: 0 }),
        } as LedgerEntry;
        const rows = parseCsv(entryRow(ledgerEntry));
        expect(rows).toHaveLength(1);
        const cells = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, rows[0]?.[i]]));
        expect(rows[0]).toHaveLength(CSV_COLUMNS.length);
        for (const cell of rows[0] ?? [])
          if (!PLAIN_NUMBER.test(cell)) expect(cell).not.toMatch(FORMULA_START);
        expect(cells.id).toBe(expectedCell(e.id));
        expect(cells.guild).toBe(expectedCell(e.guildId ?? ''));
        expect(cells.channel).toBe(expectedCell(e.channelId));
        expect(cells.user).toBe(expectedCell(e.userId));
        expect(cells.model).toBe(expectedCell(e.model));
        expect(cells.size).toBe(e.kind === 'image' ? expectedCell(e.size) : '');
        expect(cells.cost_micros).toBe(String(e.costMicros));
        expect(cells.cost).toBe(decimal(e.costMicros));
        expect(LEDGER_OUTCOMES).toContain(cells.outcome);
      }),
      { numRuns: 500 },
    );
  });

  it("the paid_by column says who paid: `operator`, or `server key` for the server's own service key", () => {
    // The plan columns come after it (appended: earlier columns keep their places).
    expect(CSV_COLUMNS.slice(-5)).toEqual(['paid_by', 'from_member_plan', 'from_credit', 'sku', 'credit']);
    const base = {
      id: 'r1',
      seq: 1,
      scope: 'g',
      time: Date.UTC(2026, 10, 1),
      guildId: 'g',
      channelId: 'c',
      userId: 'u',
      model: 'm',
      estimated: false,
      outcome: 'completed',
      costMicros: 5,
      kind: 'chat',
      inputTokens: 1,
      outputTokens: 2,
    } as const;
    const paidBy = (entry: LedgerEntry) => parseCsv(entryRow(entry))[0]?.[CSV_COLUMNS.indexOf('paid_by')];
    expect(paidBy(base)).toBe('operator');
    expect(paidBy({ ...base, paidBy: 'serverKey' })).toBe('server key');
    expect(parseCsv(entryRow(base))[0]).toHaveLength(CSV_COLUMNS.length);
  });

  it('plain numbers stay numbers, negative ones included; other text starting with a minus does not', () => {
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell('-0.500000')).toBe('-0.500000');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(decimal(4000)).toBe('0.004000');
    expect(decimal(-1_500_000)).toBe('-1.500000');
    expect(neutralized('-2+3')).toBe("'-2+3");
    expect(neutralized('-')).toBe("'-");
    expect(neutralized('+5')).toBe("'+5");
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=1')).toBe('a=1');
  });
});

describe('ledger outcomes', () => {
  it('keeps the bot’s own words and the usual finish reasons', () => {
    for (const word of [
      'completed',
      'partial',
      'truncated',
      'stopped',
      'stop',
      'length',
      'content_filter',
      'interrupted',
      'idle_timeout',
      'reply_timeout',
      'event_too_large',
      'aborted',
      'invalid_response',
    ])
      expect(ledgerOutcome(word)).toBe(word);
  });

  it('records anything else (a finish reason the service made up, a word in another case) as other', () => {
    for (const word of ['=HYPERLINK("http://x")', 'STOP', 'stop ', 'end_turn', '', 'cut, "short"'])
      expect(ledgerOutcome(word)).toBe('other');
    expect(ledgerOutcome(undefined)).toBe('other');
    expect(ledgerOutcome(42)).toBe('other');
  });

  it('an entry recorded before outcomes were checked is exported with its outcome mapped', () => {
    const old: LedgerEntry = {
      id: 'old',
      seq: 1,
      scope: 'g',
      time: Date.UTC(2026, 0, 1),
      guildId: 'g',
      channelId: 'c',
      userId: 'u',
      kind: 'chat',
      model: 'service-v1-flash',
      inputTokens: 1,
      outputTokens: 2,
      estimated: false,
      outcome: '=HYPERLINK("http://x")',
      costMicros: 3,
    };
    expect(parseCsv(entryRow(old))[0]?.[CSV_COLUMNS.indexOf('outcome')]).toBe('other');
    expect(parseCsv(entryRow({ ...old, outcome: 'length' }))[0]?.[CSV_COLUMNS.indexOf('outcome')]).toBe(
      'length',
    );
  });
});
