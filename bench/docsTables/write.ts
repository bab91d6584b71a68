/**
 * The file side of `npm run bench:docs`: reads bench/results/ and rewrites the generated regions
 * of docs/performance.md (everything outside their markers is kept byte for byte).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BENCHES } from '../run/benches.js';
import { collectEntries, type EarlierResult, parseSummary, resultDate } from './entries.js';
import { figuresRegion } from './figures.js';
import { hasRegion, replaceRegion } from './region.js';
import { noResultsRegion, targetsRegion } from './render.js';
import { streamingRegion } from './streaming.js';

export interface DocsTablesOptions {
  readonly resultsDir: string;
  readonly docsFile: string;
}

/** A bench's own result file, or undefined when it is not there or not JSON. */
function earlierResult(resultsDir: string, name: string): EarlierResult | undefined {
  const file = join(resultsDir, `${name}.json`);
  try {
    const result: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return { result, date: resultDate(result) ?? statSync(file).mtime.toISOString() };
  } catch {
    return undefined;
  }
}

const titleOf = (name: string) =>
  name === 'soak-hour'
    ? 'Scale: soak, an hour (`npm run bench -- --long`)'
    : (BENCHES.find((bench) => bench.name === name)?.title ?? name);

/** The targets region's body, or why there is none (then the run counts as failed). */
function targetsBody(resultsDir: string): { body: string; figures?: string; problem?: string } {
  const file = join(resultsDir, 'summary.json');
  const shown = relative(process.cwd(), file) || file;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${shown} is not there`
        : `${shown} is not readable JSON`;
    return { body: noResultsRegion(why), problem: why };
  }
  const summary = parseSummary(json);
  if (typeof summary === 'string') {
    const why = `${shown} has ${summary}`;
    return { body: noResultsRegion(why), problem: why };
  }
  const entries = collectEntries(
    summary,
    // The hour-long soak (`npm run bench -- --long`) is kept apart from the 10-minute one.
    [...BENCHES.map((bench) => bench.name), 'soak-hour'],
    (name) => earlierResult(resultsDir, name),
  );
  return { body: targetsRegion(summary, entries), figures: figuresRegion(entries, titleOf) };
}

/** Rewrites the regions; returns the process's exit code (0, or 1 with the reason printed). */
export function writeDocsTables({ resultsDir, docsFile }: DocsTablesOptions): number {
  const before = readFileSync(docsFile, 'utf8');
  const { body, figures, problem } = targetsBody(resultsDir);
  const streaming = streamingRegion(earlierResult(resultsDir, 'sideBySide')?.result);
  let after: string;
  try {
    after = replaceRegion(before, 'targets', body);
    if (hasRegion(after, 'streaming')) after = replaceRegion(after, 'streaming', streaming.body);
    if (hasRegion(after, 'figures')) after = replaceRegion(after, 'figures', figures ?? body);
  } catch (error) {
    console.error(`bench:docs: ${docsFile}: ${(error as Error).message}; nothing written`);
    return 1;
  }
  if (after !== before) writeFileSync(docsFile, after);
  console.error(`bench:docs: ${docsFile} ${after === before ? 'already up to date' : 'rewritten'}`);
  if (problem) {
    console.error(`bench:docs: no results (${problem}); the region says so`);
    return 1;
  }
  return 0;
}
