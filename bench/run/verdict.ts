/**
 * A benchmark's targets, judged in code (issue 32): each target is a verdict with the measured
 * value, its unit (memory in MiB throughout: 400 MB is 381.47 MiB, never "400"), the target as
 * text, and whether it was met. A bench writes its verdicts into its JSON result and, when one is
 * missed, exits with MISSED_EXIT_CODE; `npm run bench` shows every verdict, marks the misses, and
 * exits non-zero. The docs' tables are generated from these (bench/docsTables.ts), never typed.
 */

/** A bench that ran to its end but missed a target exits with this (a crash exits otherwise). */
export const MISSED_EXIT_CODE = 3;

export interface Verdict {
  readonly measure: string;
  /** The measured value (null: not measured in this run, which is a miss). */
  readonly value: number | boolean | null;
  readonly unit: string;
  /** The target as the docs state it, e.g. "≤ 320 MiB". */
  readonly target: string;
  readonly met: boolean;
}

export const MIB = 1024 * 1024;
/** Megabytes (10^6 bytes) as MiB, for targets written in MB. */
export const mbInMiB = (megabytes: number) => Math.round(((megabytes * 1e6) / MIB) * 100) / 100;

const measured = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A measured value judged against its target (`passes` is only asked of a finite number). */
function judge(
  measure: string,
  value: number | null | undefined,
  unit: string,
  target: string,
  passes: (measured: number) => boolean,
): Verdict {
  return { measure, value: value ?? null, unit, target, met: measured(value) && passes(value) };
}

/** value ≤ limit. */
export const atMost = (measure: string, value: number | null | undefined, limit: number, unit: string) =>
  judge(measure, value, unit, `≤ ${limit} ${unit}`, (v) => v <= limit);

/** value < limit. */
export const below = (measure: string, value: number | null | undefined, limit: number, unit: string) =>
  judge(measure, value, unit, `< ${limit} ${unit}`, (v) => v < limit);

/** value ≥ floor. */
export const atLeast = (measure: string, value: number | null | undefined, floor: number, unit: string) =>
  judge(measure, value, unit, `≥ ${floor} ${unit}`, (v) => v >= floor);

/**
 * A figure shown beside the verdicts but not judged in this run, and why (e.g. a quick run too
 * short for a slope): it never fails the run, and its target says it was not judged.
 */
export function notJudged(
  measure: string,
  value: number | null | undefined,
  unit: string,
  why: string,
): Verdict {
  return { measure, value: value ?? null, unit, target: `not judged: ${why}`, met: true };
}

/** A condition that must hold (all replies exact, nothing lost). */
export function holds(measure: string, value: boolean): Verdict {
  return { measure, value, unit: '', target: 'yes', met: value };
}

/** The report with its verdicts and whether every one was met. */
export function judged<T extends object>(
  report: T,
  verdicts: readonly Verdict[],
): T & { verdicts: readonly Verdict[]; targetMet: boolean } {
  return { ...report, verdicts, targetMet: verdicts.every((verdict) => verdict.met) };
}

/** Sets the exit code a missed target gives (after the result was written). */
export function exitOnMiss(report: { readonly targetMet: boolean }): void {
  if (!report.targetMet && (process.exitCode ?? 0) === 0) process.exitCode = MISSED_EXIT_CODE;
}

/** A verdict as one line of the combined table. */
export function verdictLine(verdict: Verdict): string {
  const value =
    verdict.value === null
      ? 'not measured'
      : typeof verdict.value === 'boolean'
        ? verdict.value
          ? 'yes'
          : 'no'
        : `${verdict.value}${verdict.unit ? ` ${verdict.unit}` : ''}`;
  return `${verdict.met ? 'met   ' : 'MISSED'}  ${verdict.measure}: ${value} (target ${verdict.target})`;
}
