/** `npm run usage` (src/cli/usage.ts) as its own process, with only the given environment and PATH. */
import { spawn } from 'node:child_process';

export function runUsageCli(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/usage.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}
