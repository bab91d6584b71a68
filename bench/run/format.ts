/**
 * A benchmark's JSON result as text: the figures picked for it as labelled rows, or every figure
 * (leaves as rows, arrays of objects as tables of their own).
 */
import { formatTable } from '../textTable.js';
import type { PickedRow } from './pickedFigures.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SKIP_KEYS = new Set(['date', 'node', 'machine', 'verdicts']);

export function show(value: Json | undefined): string {
  if (value === undefined || value === null) return '-';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en') : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((item) => show(item)).join(', ');
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, inner]) => `${key} ${show(inner)}`)
    .join(', ');
}

/** Every leaf as `a.b.c  value`; arrays of objects become tables of their own. */
function flatten(value: JsonObject, prefix = '', rows: string[][] = [], tables: string[] = []) {
  for (const [key, item] of Object.entries(value)) {
    if (SKIP_KEYS.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(item)) {
      flatten(item, path, rows, tables);
    } else if (Array.isArray(item) && item.length > 0 && item.every(isObject)) {
      tables.push(`${path}:\n${objectTable(item as JsonObject[])}`);
    } else {
      rows.push([path, show(item)]);
    }
  }
  return { rows, tables };
}

export function objectTable(items: JsonObject[]): string {
  const columns = [...new Set(items.flatMap((item) => Object.keys(item)))];
  return formatTable([columns, ...items.map((item) => columns.map((column) => show(item[column])))], [0]);
}

export function generic(result: JsonObject): string {
  const { rows, tables } = flatten(result);
  const parts = [];
  if (rows.length > 0) parts.push(formatTable([['measure', 'figure'], ...rows], [0, 1]));
  parts.push(...tables);
  return parts.join('\n\n');
}

export const get = (value: Json | undefined, path: string): Json | undefined =>
  path.split('.').reduce<Json | undefined>((at, key) => (isObject(at) ? at[key] : undefined), value);

/**
 * Known figures as labelled rows (several paths: their values joined with " / "); falls back to
 * every figure when none of them is there.
 */
export function picked(result: JsonObject, rows: PickedRow[]): string {
  const present = rows
    .map(([label, path, unit]) => {
      const values = (Array.isArray(path) ? path : [path]).map((one) => get(result, one));
      return values.every((value) => value === undefined)
        ? undefined
        : [label, `${values.map((value) => show(value)).join(' / ')}${unit ?? ''}`];
    })
    .filter((row): row is string[] => row !== undefined);
  if (present.length === 0) return generic(result);
  return formatTable([['measure', 'figure'], ...present], [0, 1]);
}
