/**
 * What a start costs before the bot's own code runs: importing its static graph and each heavy
 * package in a fresh node, node itself; and whether `npm start` would build first.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const round = (value: number) => Math.round(value);
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
/** main.js's static imports, as specifiers an `import()` from the repository root resolves. */
export function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => {
    const spec = match[1] as string;
    return spec.startsWith('.') ? `./${relative('.', resolve(dirname(file), spec))}` : spec;
  });
}

/** The bare packages the static import graph from `entry` reaches, each with the first file. */
export function staticPackages(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const stack = [resolve(entry)];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]/gm)) {
      const spec = match[1] as string;
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        if (existsSync(target)) stack.push(target);
      } else if (!spec.startsWith('node:')) {
        const name = spec
          .split('/')
          .slice(0, spec.startsWith('@') ? 2 : 1)
          .join('/');
        if (!packages.has(name)) packages.set(name, relative('.', file));
      }
    }
  }
  return packages;
}

/** Milliseconds a fresh node process takes to import `specifiers` (median of `times`). */
export function importMs(specifiers: string[], times: number): number {
  const code = `const t = performance.now(); for (const s of ${JSON.stringify(specifiers)}) await import(s); process.stdout.write(String(performance.now() - t));`;
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    samples.push(Number(out));
  }
  return round(median(samples));
}

/** Node itself: a process that does nothing, spawn to exit. */
export function bareNodeMs(times: number): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    samples.push(performance.now() - started);
  }
  return round(median(samples));
}

/** The newest modification time under `path`, 0 when it does not exist. */
export function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/** Whether src/cli/build.mjs --if-stale would build: a source is newer than dist/.built. */
export function stale(): boolean {
  const sources = ['src', 'commands', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
  return newest('dist/.built') < Math.max(...sources.map(newest));
}
