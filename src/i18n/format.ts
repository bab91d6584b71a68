/**
 * Numbers, money, days and waits written for a locale with Intl (pure; one formatter per kind
 * and locale, kept: a handful of locales exist).
 */

export interface Formats {
  number(value: number): string;
  /** Micro-units of `currency`: at least 2 decimals, at most 6 (a request can cost USD 0.000046). */
  money(micros: number, currency: string): string;
  /** A UTC day, YYYY-MM-DD. */
  day(day: string): string;
  /** A UTC month, YYYY-MM. */
  month(month: string): string;
  /** A time of day in UTC (ms since the epoch), hours and minutes. */
  time(at: number): string;
  /** A wait: seconds below two minutes (at least 1), else whole minutes, rounded up. */
  wait(ms: number): string;
  /** "a, b and c" in the locale's words. */
  list(items: readonly string[]): string;
}

/** Node 24 has Intl.DurationFormat (ES2025); TypeScript's lib does not describe it yet. */
const { DurationFormat } = Intl as unknown as {
  DurationFormat: new (
    locale: string,
    options: { style: 'short' },
  ) => { format(duration: Readonly<Record<string, number>>): string };
};

export function createFormats(locale: string): Formats {
  const number = new Intl.NumberFormat(locale);
  const moneyFormats = new Map<string, Intl.NumberFormat | undefined>();
  const moneyFormat = (currency: string) => {
    if (!moneyFormats.has(currency)) {
      let format: Intl.NumberFormat | undefined;
      try {
        format = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          currencyDisplay: 'code',
          minimumFractionDigits: 2,
          maximumFractionDigits: 6,
        });
      } catch {
        // Not an ISO 4217 code (a price list may name its own unit): the number, then the unit.
        format = undefined;
      }
      moneyFormats.set(currency, format);
    }
    return moneyFormats.get(currency);
  };
  const decimals = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6 });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  const wait = new DurationFormat(locale, { style: 'short' });
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return {
    number: (value) => number.format(value),
    money(micros, currency) {
      const amount = micros / 1_000_000;
      return moneyFormat(currency)?.format(amount) ?? `${decimals.format(amount)} ${currency}`;
    },
    day: (value) => day.format(new Date(`${value}T00:00:00Z`)),
    month: (value) => month.format(new Date(`${value}-01T00:00:00Z`)),
    time: (at) => time.format(new Date(at)),
    wait(ms) {
      const seconds = Math.max(1, Math.ceil(ms / 1000));
      return wait.format(seconds < 120 ? { seconds } : { minutes: Math.ceil(seconds / 60) });
    },
    list: (items) => list.format(items),
  };
}
