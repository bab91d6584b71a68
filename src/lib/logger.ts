/**
 * Structured logging with pino. Every line passes through a scrubber before it is written, so a
 * secret (bot token, API key, a server's own key) or an interaction token in a URL never reaches
 * the log, whatever object or error was logged.
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
function compileRedactor(secrets: Iterable<string>): (text: string) => string {
  // As written, and as a JSON log line writes it (a quote or backslash escaped).
  // Longest first, so an escaped form is replaced whole rather than the secret inside it.
  const forms = [...new Set([...secrets].flatMap((secret) => [JSON.stringify(secret).slice(1, -1), secret]))]
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length);
  const literal = forms.filter((secret) => secret.length >= 8);
  const short = forms.filter((secret) => secret.length < 8);
  // One pass however many secrets there are (a process may learn thousands of servers' keys).
  const literalPattern =
    literal.length === 0 ? undefined : new RegExp(literal.map(escapeRegExp).join('|'), 'g');
  const shortPattern =
    short.length === 0
      ? undefined
      : new RegExp(`(?<![\\p{L}\\p{N}])(?:${short.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return (text) => {
    let out = text;
    if (literalPattern) out = out.replace(literalPattern, '[redacted]');
    if (shortPattern) out = out.replace(shortPattern, '[redacted]');
    return out
      .replace(/(\/\/[^/\s:@"]*:)[^/\s@"]+@/g, '$1[redacted]@')
      .replace(/(\/webhooks\/\d+\/)[\w.-]{20,}/g, '$1[token]')
      .replace(/(\/interactions\/\d+\/)[\w.-]{20,}/g, '$1[token]');
  };
}

/** Secrets learned while the bot runs, at most: past it the least recently taught go first. */
export const LEARNED_SECRETS_MAX = 10_000;

/**
 * The secrets a process redacts: those it starts with (kept for good) and those it learns while
 * it runs (a server's own service key, when it is set or first used). One set is shared by the
 * logger and every `redact`, so a key learned once is gone from logs, replies and errors alike.
 */
export interface SecretSet {
  /** Redacts this secret from now on; teaching a known one again only marks it recently used. */
  add(secret: string): void;
  redact(text: string): string;
}

export function createSecretSet(initial: readonly string[], maxLearned = LEARNED_SECRETS_MAX): SecretSet {
  const fixed = new Set(initial);
  // Insertion order is use order: `add` of a known secret moves it to the end.
  const learned = new Set<string>();
  let compiled: ((text: string) => string) | undefined;
  return {
    add(secret) {
      if (secret === '' || fixed.has(secret)) return;
      const known = learned.delete(secret);
      learned.add(secret);
      if (known) return;
      for (const oldest of learned) {
        if (learned.size <= maxLearned) break;
        learned.delete(oldest);
      }
      // Built again on the next line written, once for a burst of new secrets.
      compiled = undefined;
    },
    redact(text) {
      compiled ??= compileRedactor([...fixed, ...learned]);
      return compiled(text);
    },
  };
}

const isSecretSet = (secrets: readonly string[] | SecretSet): secrets is SecretSet => 'redact' in secrets;

/** The redact function for a fixed list, or for a set that keeps learning. */
export function createRedactor(secrets: readonly string[] | SecretSet): (text: string) => string {
  if (!isSecretSet(secrets)) return compileRedactor(secrets);
  return (text) => secrets.redact(text);
}

export interface LoggerOptions {
  readonly level?: string;
  /** A set (createSecretSet) when secrets learned later must be redacted too. */
  readonly secrets: readonly string[] | SecretSet;
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
