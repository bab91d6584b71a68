/**
 * zod fields for environment variables: text that may be blank, required text, http(s) URLs,
 * whole numbers in a range with a default, and spending caps in micro-units. Each fails with a
 * message that reads after the variable's name (`STREAM_EDITS_PER_SECOND must be at least 1`).
 */
import { z } from 'zod';

export const optionalText = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string())
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const required = (what: string) =>
  z
    .string({ error: `is required (${what})` })
    .trim()
    .min(1, { error: `is required (${what})` });

export const httpUrl = (what: string) =>
  required(what).refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: `must be an http(s) URL (${what})` },
  );

export const integer = (fallback: number, min: number, max: number) =>
  optionalText
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(
      z
        .number({ error: 'must be a whole number' })
        .int({ error: 'must be a whole number' })
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

/** Micro-units of an amount written with at most 6 decimals, exactly (no float rounding). */
function amountMicros(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

/**
 * A spending cap in the price list's currency, as micro-units: `none` for no cap; unset or empty
 * for `fallback` (so an uncommented empty line in .env keeps the safe default).
 */
export const capAmount = (fallback: number | null) =>
  optionalText
    .pipe(
      z
        .string()
        .regex(/^(none|\d{1,7}(\.\d{1,6})?)$/i, {
          error:
            "must be an amount in the price list's currency with at most 6 decimals (e.g. 0.25), or none",
        })
        .refine((value) => !(Number(value) > 1_000_000), {
          error: 'must be at most 1000000',
        })
        .optional(),
    )
    .transform((value) =>
      value === undefined ? fallback : value.toLowerCase() === 'none' ? null : amountMicros(value),
    );

/** A port to listen on: off unless set; 0 listens on any free port (tests read the one bound). */
export const port = () =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, { error: 'must be a port number from 0 to 65535' })
      .transform(Number)
      .pipe(z.number().max(65_535, { error: 'must be a port number from 0 to 65535' }))
      .optional(),
  );

/** The address a server listens on: a name or an IP, default loopback (behind the operator's proxy). */
export const listenHost = () =>
  optionalText
    .transform((value) => value ?? '127.0.0.1')
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9.:_-]+$/, { error: 'must be a host name or address, e.g. 127.0.0.1 or 0.0.0.0' }),
    );
