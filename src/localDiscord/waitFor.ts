/**
 * Waiting on the local Discord: a check re-run on every 'change' it emits (a message written or
 * edited, an interaction answered, a session identified), with a loud timeout.
 */
import type { EventEmitter } from 'node:events';

/** Resolves when `check` returns a value other than undefined/false; re-checked on every change. */
export async function waitForChange<T>(
  changes: EventEmitter,
  check: () => T | undefined | false,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const first = check();
  if (first !== undefined && first !== false) return first;
  return new Promise<T>((resolve, reject) => {
    const onChange = () => {
      const value = check();
      if (value !== undefined && value !== false) {
        cleanup();
        resolve(value);
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`local Discord: timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      changes.off('change', onChange);
    };
    changes.on('change', onChange);
  });
}
