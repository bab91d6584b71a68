/** A benchmark's section of the combined table: its title, then its figures (or why there are none). */
import type { SideBySideReport } from '../sideBySide/report.js';
import { sideBySideTable } from '../sideBySide/table.js';
import { type Bench, reportOnly } from './benches.js';
import { generic, type JsonObject, picked } from './format.js';
import { PICKED } from './pickedFigures.js';
import { historyTable, storesTable } from './resultTables.js';
import type { Outcome } from './runBench.js';
import { type Verdict, verdictLine } from './verdict.js';

/** The benchmarks shown other than as picked rows. */
const TABLES: Record<string, (result: JsonObject) => string> = {
  sideBySide: (result) => sideBySideTable(result as unknown as SideBySideReport),
  capacity: (result) =>
    `${picked(result, PICKED.capacity ?? [])}\n(every figure: bench/results/capacity.json)`,
  stores: storesTable,
  history: historyTable,
};

export function section(outcome: Outcome, bench: Bench): string {
  const took = Number.isFinite(outcome.seconds) ? `, ${outcome.seconds} s` : '';
  const head = `== ${bench.title} (bench/${bench.name}.ts${took}) ==`;
  if (outcome.status === 'missing') {
    return `== ${bench.title}: ${reportOnly ? `no bench/results/${bench.name}.json` : `bench/${bench.name}.ts not present`} ==`;
  }
  const result = outcome.result;
  if (!result) return `${head}\nfailed (exit ${outcome.exitCode}); see bench/results/${bench.name}.log`;
  const table = TABLES[bench.name];
  const rows = PICKED[bench.name];
  const body = table ? table(result) : rows ? picked(result, rows) : generic(result);
  const verdicts = Array.isArray(result.verdicts) ? (result.verdicts as unknown as Verdict[]) : [];
  const judged =
    verdicts.length > 0 ? `\n${verdicts.map(verdictLine).join('\n')}` : '\n(no targets judged in code)';
  const failed =
    outcome.status === 'failed'
      ? `\nfailed (exit ${outcome.exitCode}); see bench/results/${bench.name}.log`
      : '';
  return `${head}\n${body}${judged}${failed}`;
}
