/**
 * Structured logging with pino. Every line passes through a scrubber before it is written, so a
 * secret (bot token, API key) or an interaction token in a URL never reaches the log, whatever
 * object or error was logged.
 */
import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/** Replaces each secret, and interaction/webhook tokens in Discord URLs, with a placeholder. */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const literal = secrets.filter((secret) => secret.length >= 8);
  return (text) => {
    let out = text;
    for (const secret of literal) out = out.split(secret).join('[redacted]');
    return out
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
