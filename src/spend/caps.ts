/** Caps as admins type them (/budget set, /budget role set), checked here as well as by Discord. */
import { amountToMicros } from './cost.js';

/** The largest cap accepted, in currency units (keeps micro-units far inside safe integers). */
export const MAX_CAP = 1_000_000;

/** A cap typed by an admin: micro-units, null when not given, 'invalid' out of 0 to MAX_CAP. */
export function parseCap(value: unknown): number | null | 'invalid' {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_CAP) return 'invalid';
  return amountToMicros(value);
}
