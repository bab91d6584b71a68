/**
 * `npm run bench:docs`: the tables of docs/performance.md between `<!-- bench:NAME begin -->` and
 * `<!-- bench:NAME end -->` generated from bench/results/ (summary.json, written by
 * `npm run bench`, and each bench's own JSON for benches that were not in that run), never
 * typed (issue 32). One region today, `targets`: a row per verdict (bench/run/verdict.ts) with
 * the bench it came from, a row for each bench not judged in code yet, and the machine, date,
 * mode and load average of the run. Exits non-zero when there are no results (the region then
 * says so) or a marker is missing (nothing written). A missed target is not an error here: the
 * table shows it.
 *
 * `--results DIR` and `--docs FILE` read and write elsewhere (default bench/results and
 * docs/performance.md, from the repository's root).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeDocsTables } from './docsTables/write.js';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { results: { type: 'string' }, docs: { type: 'string' } },
});
process.exitCode = writeDocsTables({
  resultsDir: resolve(values.results ?? resolve(root, 'bench/results')),
  docsFile: resolve(values.docs ?? resolve(root, 'docs/performance.md')),
});
