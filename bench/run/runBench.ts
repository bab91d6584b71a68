/** One benchmark as a child process of its own, its output to its log, its figures read back. */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { machineFigures } from '../processFigures.js';
import { type Bench, only, quick, reportOnly } from './benches.js';
import { isObject, type JsonObject } from './format.js';
import { MISSED_EXIT_CODE } from './verdict.js';

export const round = (value: number) => Math.round(value * 10) / 10;

export function machine() {
  return {
    ...machineFigures(),
    date: new Date().toISOString(),
    loadAverage1mAtStart: round(loadavg()[0] ?? 0),
  };
}

export interface Outcome {
  name: string;
  /** `missed`: ran to its end with a target missed (verdict.ts). */
  status: 'ok' | 'missed' | 'failed' | 'missing' | 'skipped';
  seconds: number;
  exitCode?: number | null;
  result?: JsonObject;
}

export function readResult(file: string): JsonObject | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export async function runBench(bench: Bench): Promise<Outcome> {
  const file = `bench/${bench.name}.ts`;
  if (only && !only.includes(bench.name)) return { name: bench.name, status: 'skipped', seconds: 0 };
  if (reportOnly) {
    const result = readResult(`bench/results/${bench.name}.json`);
    return result
      ? { name: bench.name, status: 'ok', seconds: Number.NaN, result }
      : { name: bench.name, status: 'missing', seconds: 0 };
  }
  if (!existsSync(file)) {
    console.error(`bench: ${file} does not exist, skipped`);
    return { name: bench.name, status: 'missing', seconds: 0 };
  }
  const resultFile = `bench/results/${bench.name}.json`;
  const logFile = `bench/results/${bench.name}.log`;
  const started = Date.now();
  console.error(`bench: ${bench.name} … (output in ${logFile})`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: {
      ...process.env,
      ...(quick && { BENCH_QUICK: '1', ...bench.quickEnv }),
      ...bench.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exitCode = await new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  await new Promise<void>((resolve) => log.end(resolve));
  const seconds = round((Date.now() - started) / 1000);
  // Only a result written by this run counts.
  const result =
    existsSync(resultFile) && statSync(resultFile).mtimeMs >= started ? readResult(resultFile) : undefined;
  const status = !result
    ? 'failed'
    : exitCode === 0
      ? 'ok'
      : exitCode === MISSED_EXIT_CODE
        ? 'missed'
        : 'failed';
  console.error(
    `bench: ${bench.name} ${status} in ${seconds} s${exitCode === 0 ? '' : ` (exit ${exitCode})`}`,
  );
  if (status === 'failed') {
    console.error(
      readFileSync(logFile, 'utf8')
        .split('\n')
        .slice(-25)
        .map((line) => `  ${line}`)
        .join('\n'),
    );
  }
  return { name: bench.name, status, seconds, exitCode, ...(result && { result }) };
}
