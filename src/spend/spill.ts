/**
 * Charges that could not be written before the bot stopped, kept in a JSON file beside the
 * database (`<database>.pending.json`) and applied by the next start. Writing it replaces the
 * file atomically (write, then rename), so a crash mid-write leaves the previous one.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { UsageRecord } from './records.js';

export function readSpill(path: string): UsageRecord[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error(`${path} is not a list of charges`);
  return parsed as UsageRecord[];
}

export function writeSpill(path: string, records: readonly UsageRecord[]): void {
  if (records.length === 0) {
    rmSync(path, { force: true });
    return;
  }
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, JSON.stringify(records));
  renameSync(temporary, path);
}
