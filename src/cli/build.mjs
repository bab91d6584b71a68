/**
 * Builds the bot's JavaScript into dist/. `npm ci` runs it once (the `prepare` script), so
 * `npm start` runs what was built and compiles nothing: a restart is back in about a second.
 *
 * With `--if-stale` (how every run script calls it) it builds only when a source file, the
 * TypeScript settings or the lockfile changed since the last build (after a `git pull` or an
 * edit), by comparing modification times with dist/.built: a few milliseconds when nothing did.
 * Plain JavaScript, so it runs before anything is built.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const STAMP = 'dist/.built';
const SOURCES = ['src', 'commands', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const builtAt = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs;
if (
  process.argv.includes('--if-stale') &&
  builtAt !== undefined &&
  builtAt >= Math.max(...SOURCES.map(newest))
)
  process.exit(0);

let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  // An install without dev dependencies (`npm ci --omit=dev`) cannot build: it runs what it has.
  if (builtAt !== undefined) {
    console.warn('TypeScript is not installed (npm ci --omit=dev?): running the existing build in dist/');
    process.exit(0);
  }
  console.error('Nothing is built and TypeScript is not installed: run `npm ci` (with dev dependencies).');
  process.exit(1);
}

// Stamped with the time the build started, so a file edited during the build is built next time.
const startedAt = new Date();
const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
mkdirSync('dist', { recursive: true });
writeFileSync(STAMP, '');
utimesSync(STAMP, startedAt, startedAt);
