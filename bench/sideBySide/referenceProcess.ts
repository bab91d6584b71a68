/**
 * A reference policy's own process (bench/policies/runner.ts), driven over IPC: it is sent reply
 * jobs and a stop, and answers ready / stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { LocalDiscord } from '../../src/localDiscord/localDiscord.js';
import type { FakeService } from '../../src/localService/fakeService.js';
import type { FromRunner, ToRunner } from '../policies/runner.js';
import type { Reference } from './conditions.js';

export interface Runner {
  readonly key: Reference;
  readonly child: ChildProcess;
  output(): string;
  send(message: ToRunner): void;
  next(type: FromRunner['type'], timeoutMs: number): Promise<FromRunner>;
}

export function startRunner(key: Reference, discord: LocalDiscord, service: FakeService): Runner {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/policies/runner.ts', key], {
    env: {
      PATH: process.env.PATH ?? '',
      BENCH_DISCORD_API: discord.apiUrl,
      BENCH_APPLICATION_ID: discord.applicationId,
      BENCH_SERVICE_URL: service.url,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const inbox: FromRunner[] = [];
  child.on('message', (message: FromRunner) => {
    inbox.push(message);
    child.emit('inbox');
  });
  const output = () => Buffer.concat(chunks).toString('utf8');
  return {
    key,
    child,
    output,
    send: (message) => child.send(message),
    next: (type, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const index = inbox.findIndex((message) => message.type === type);
          if (index < 0) return false;
          cleanup();
          resolve(inbox.splice(index, 1)[0] as FromRunner);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${key} runner: no ${type} within ${timeoutMs} ms\n${output().slice(-2000)}`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`${key} runner exited\n${output().slice(-2000)}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          child.off('inbox', check);
          child.off('exit', onExit);
        };
        if (check()) return;
        child.on('inbox', check);
        child.once('exit', onExit);
      }),
  };
}
