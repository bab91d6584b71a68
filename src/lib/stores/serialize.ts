/**
 * How values are encoded in the store: exactly keyv's own encoding (JSON; a string that starts
 * with ':' gets one more, a Buffer becomes `:base64:…`, which keyv's decoding undoes), made by
 * JSON.stringify instead of keyv's string building, several times faster on large values (a busy
 * guild's day totals hold every active member). Stored data reads back the same either way.
 */
import { Buffer } from 'node:buffer';

function tagged(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (Buffer.isBuffer(raw)) return `:base64:${raw.toString('base64')}`;
  return typeof value === 'string' && value.startsWith(':') ? `:${value}` : value;
}

export function serialize(data: unknown): string {
  return JSON.stringify(data, tagged) ?? 'null';
}
