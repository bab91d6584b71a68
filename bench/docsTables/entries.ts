/**
 * What the docs' tables are made of: bench/results/summary.json (the machine, the mode and each
 * bench's outcome in that run), and for a bench that did not run in it (skipped, or its file not
 * there) its own bench/results/<name>.json from an earlier run, labelled with its date.
 */
import type { Verdict } from '../run/verdict.js';

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly ramGiB: number;
  readonly node: string;
  readonly loadAverage1mAtStart: number;
}

export interface SummaryBench {
  readonly status: string;
  readonly result: unknown;
}

export interface Summary {
  readonly date: string;
  readonly quick: boolean;
  readonly machine: Machine;
  readonly benches: Readonly<Record<string, SummaryBench>>;
}

/** A bench's own result file, from whichever run wrote it last. */
export interface EarlierResult {
  readonly result: unknown;
  /** When it was written (the result's `date`, else the file's time), ISO. */
  readonly date: string;
}

/**
 * One bench as the tables show it: `run` ran in the summary's run; `failed` crashed in it (with
 * whatever result it left); `earlier` did not run in it, its result file is older; `none`: no
 * result anywhere.
 */
export type Entry =
  | { readonly name: string; readonly kind: 'run'; readonly result: unknown }
  | { readonly name: string; readonly kind: 'failed'; readonly result: unknown }
  | { readonly name: string; readonly kind: 'earlier'; readonly result: unknown; readonly date: string }
  | { readonly name: string; readonly kind: 'none' };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** summary.json's content checked for what the tables use; a string says what is wrong. */
export function parseSummary(json: unknown): Summary | string {
  if (!isRecord(json)) return 'not a JSON object';
  const { date, quick, machine, benches } = json;
  if (typeof date !== 'string') return 'no date';
  if (typeof quick !== 'boolean') return 'no quick flag';
  if (
    !isRecord(machine) ||
    typeof machine.cpu !== 'string' ||
    typeof machine.cores !== 'number' ||
    typeof machine.ramGiB !== 'number' ||
    typeof machine.node !== 'string' ||
    typeof machine.loadAverage1mAtStart !== 'number'
  ) {
    return 'no machine (cpu, cores, ramGiB, node, loadAverage1mAtStart)';
  }
  if (!isRecord(benches)) return 'no benches';
  const checked: Record<string, SummaryBench> = {};
  for (const [name, bench] of Object.entries(benches)) {
    if (!isRecord(bench) || typeof bench.status !== 'string') return `bench ${name} has no status`;
    checked[name] = { status: bench.status, result: bench.result ?? null };
  }
  return {
    date,
    quick,
    machine: {
      cpu: machine.cpu,
      cores: machine.cores,
      ramGiB: machine.ramGiB,
      node: machine.node,
      loadAverage1mAtStart: machine.loadAverage1mAtStart,
    },
    benches: checked,
  };
}

/**
 * Each bench of the summary (then any of `names` it does not list), as the tables show it.
 * `earlier` reads a bench's own result file (undefined: none).
 */
export function collectEntries(
  summary: Summary,
  names: readonly string[],
  earlier: (name: string) => EarlierResult | undefined,
): Entry[] {
  const all = [...new Set([...Object.keys(summary.benches), ...names])];
  return all.map((name): Entry => {
    const bench = summary.benches[name];
    if (bench && (bench.status === 'ok' || bench.status === 'missed') && bench.result !== null) {
      return { name, kind: 'run', result: bench.result };
    }
    if (bench?.status === 'failed') return { name, kind: 'failed', result: bench.result };
    const file = earlier(name);
    return file ? { name, kind: 'earlier', result: file.result, date: file.date } : { name, kind: 'none' };
  });
}

export const isVerdict = (value: unknown): value is Verdict =>
  isRecord(value) &&
  typeof value.measure === 'string' &&
  typeof value.unit === 'string' &&
  typeof value.target === 'string' &&
  typeof value.met === 'boolean' &&
  (value.value === null || typeof value.value === 'number' || typeof value.value === 'boolean');

/**
 * A result's verdicts: undefined when it has none (not judged in code yet); an entry that is not
 * a verdict is kept as `unreadable` so the table says so instead of dropping it.
 */
export function verdictsOf(result: unknown): (Verdict | 'unreadable')[] | undefined {
  if (!isRecord(result) || !Array.isArray(result.verdicts)) return undefined;
  return result.verdicts.map((item: unknown) => (isVerdict(item) ? item : 'unreadable'));
}

/** The mode a result file says it ran in (`quick` or `full`), if it says. */
export const resultMode = (result: unknown): string | undefined =>
  isRecord(result) && typeof result.quick === 'boolean' ? (result.quick ? 'quick' : 'full') : undefined;

/** The date a result file carries (ISO), if any. */
export const resultDate = (result: unknown): string | undefined =>
  isRecord(result) && typeof result.date === 'string' ? result.date : undefined;
