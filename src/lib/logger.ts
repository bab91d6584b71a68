/**
 * Structured logging with pino. Every line passes through a scrubber before it is written, so a
 * secret (bot token, API key) or an interaction token in a URL never reaches the log, whatever
 * object or error was logged.
 */
import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces each secret, credentials in URLs, and interaction/webhook tokens in Discord URLs with
 * a placeholder. Every secret is replaced whatever its length (a database password may be "pw"):
 * one of 8 characters or more wherever it appears, a shorter one wherever it stands alone (not
 * inside a longer word, so a two-letter password does not blank every word that holds it).
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  // As written, and as a JSON log line writes it (a quote or backslash escaped).
  // Longest first, so an escaped form is replaced whole rather than the secret inside it.
  const forms = [...new Set(secrets.flatMap((secret) => [JSON.stringify(secret).slice(1, -1), secret]))].sort(
    (a, b) => b.length - a.length,
  );
  const literal = forms.filter((secret) => secret.length >= 8);
  const short = forms.filter((secret) => secret.length > 0 && secret.length < 8);
  const shortPattern =
    short.length === 0
      ? undefined
      : new RegExp(`(?<![\\p{L}\\p{N}])(?:${short.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return (text) => {
    let out = text;
    for (const secret of literal) out = out.split(secret).join('[redacted]');
    if (shortPattern) out = out.replace(shortPattern, '[redacted]');
    return out
      .replace(/(\/\/[^/\s:@"]*:)[^/\s@"]+@/g, '$1[redacted]@')
      .replace(/(\/webhooks\/\d+\/)[\w.-]{20,}/g, '$1[token]')
      .replace(/(\/interactions\/\d+\/)[\w.-]{20,}/g, '$1[token]');
  };
}

export interface LoggerOptions {
  readonly level?: string;
  readonly secrets: readonly string[];
  /** Where lines go; stdout by default. Tests pass a collector. */
  readonly destination?: { write(line: string): unknown };
}

export function createLogger(options: LoggerOptions): Logger {
  const redact = createRedactor(options.secrets);
  const out = options.destination ?? process.stdout;
  const destination: DestinationStream = { write: (line: string) => out.write(redact(line)) };
  return pino(
    {
      level: options.level ?? 'info',
      base: null,
      // Belt and braces: the usual places a credential hides in request objects.
      redact: ['headers.authorization', 'req.headers.authorization', 'token', 'apiKey'],
    },
    destination,
  );
}
