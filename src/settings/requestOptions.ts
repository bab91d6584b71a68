/**
 * The rules for request options, in one place and with one wording: /ask, Regenerate (the
 * options kept with a reply) and /config set validate model, temperature and max_tokens with
 * these schemas, and /ask, /imagine and /system their prompts. Discord enforces the declared
 * ranges too; the bot does not rely on it, so bad input never reaches the service. The first
 * problem found is the one the member reads, in their language: a schema's problems are catalog
 * keys with their values (problem()), which parseWith translates.
 */
import { z } from 'zod';
import type { MessageKey, MessageValues, Translator } from '../i18n/translator.js';
import { CHAT_MODELS, TEMPERATURE_MAX, TEMPERATURE_MIN } from '../service/models.js';
import { PROMPT_MAX_LENGTH, promptProblem } from './promptRules.js';

/** The /ask option's own ceiling; the operator's MAX_OUTPUT_TOKENS and /config may be lower. */
export const MAX_TOKENS_OPTION_MAX = 32_000;

const PROBLEM = 'i18n:';

/** A problem as a schema carries it (a zod message): a catalog key and its values. */
export function problem(key: MessageKey, values?: MessageValues): string {
  return PROBLEM + JSON.stringify({ key, values });
}

/** A schema's message in the reader's words (a message not made by problem() stays as it is). */
export function translateProblem(t: Translator, message: string): string {
  if (!message.startsWith(PROBLEM)) return message;
  const { key, values } = JSON.parse(message.slice(PROBLEM.length)) as {
    key: MessageKey;
    values?: MessageValues;
  };
  return t.t(key, values);
}

export const modelField = z.enum(CHAT_MODELS, {
  error: problem('config.unknownModel', { models: CHAT_MODELS.join(', ') }),
});

const TEMPERATURE_RULE = problem('config.temperatureRule', { min: TEMPERATURE_MIN, max: TEMPERATURE_MAX });
export const temperatureField = z
  .number({ error: TEMPERATURE_RULE })
  .min(TEMPERATURE_MIN, { error: TEMPERATURE_RULE })
  .max(TEMPERATURE_MAX, { error: TEMPERATURE_RULE });

/** A whole number in a range, with one sentence naming the option and the range (and whose limit). */
export function wholeNumberField(name: string, min: number, max: number, operatorLimit = false) {
  const key = operatorLimit ? 'config.wholeNumberRuleOperator' : 'config.wholeNumberRule';
  const rule = problem(key, { name, min, max });
  return z.number({ error: rule }).int({ error: rule }).min(min, { error: rule }).max(max, { error: rule });
}

/** A prompt: trimmed, then refused when empty or longer than `limit`, saying what to write. */
export function promptField(limit = PROMPT_MAX_LENGTH, empty?: MessageKey) {
  return z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value.trim() : ''))
    .superRefine((prompt, check) => {
      const found = promptProblem(prompt, limit, empty);
      if (found) check.addIssue({ code: 'custom', message: problem(found.key, found.values) });
    });
}

export const maxTokensField = (max: number, operatorLimit = false) =>
  wholeNumberField('max_tokens', 1, max, operatorLimit);

/** The explicit options kept with a reply (camelCase, as stored), checked before Regenerate reuses them. */
export const storedOptionsSchema = z.object({
  model: modelField.optional(),
  temperature: temperatureField.optional(),
  maxTokens: maxTokensField(MAX_TOKENS_OPTION_MAX).optional(),
});

export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

/** Validates `raw` against `schema`; a refusal is the first problem's sentence, in `t`'s words. */
export function parseWith<T>(schema: z.ZodType<T>, raw: unknown, t: Translator): Parsed<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const message = parsed.error.issues[0]?.message;
  return { ok: false, error: message ? translateProblem(t, message) : t.t('config.optionsInvalid') };
}
