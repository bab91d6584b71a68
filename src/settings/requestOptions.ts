/**
 * The rules for request options, in one place and with one wording: /ask, Regenerate (the
 * options kept with a reply) and /config set validate model, temperature and max_tokens with
 * these schemas, and /ask, /imagine and /system their prompts. Discord enforces the declared
 * ranges too; the bot does not rely on it, so bad input never reaches the service. The first
 * problem found is the one the member reads.
 */
import { z } from 'zod';
import { PROMPT_MAX_LENGTH, promptProblem } from '../chat/prompt.js';
import { CHAT_MODELS, TEMPERATURE_MAX, TEMPERATURE_MIN } from '../service/models.js';

/** The /ask option's own ceiling; the operator's MAX_OUTPUT_TOKENS and /config may be lower. */
export const MAX_TOKENS_OPTION_MAX = 32_000;

export const modelField = z.enum(CHAT_MODELS, {
  error: `Unknown model. Choose one of: ${CHAT_MODELS.join(', ')}.`,
});

const TEMPERATURE_RULE = `temperature must be a number from ${TEMPERATURE_MIN} to ${TEMPERATURE_MAX}.`;
export const temperatureField = z
  .number({ error: TEMPERATURE_RULE })
  .min(TEMPERATURE_MIN, { error: TEMPERATURE_RULE })
  .max(TEMPERATURE_MAX, { error: TEMPERATURE_RULE });

/** A whole number in a range, with one sentence naming the option and the range (and whose limit). */
export function wholeNumberField(name: string, min: number, max: number, whose = '') {
  const rule = `${name} must be a whole number from ${min} to ${max}${whose}.`;
  return z.number({ error: rule }).int({ error: rule }).min(min, { error: rule }).max(max, { error: rule });
}

/** A prompt: trimmed, then refused when empty or longer than `limit`, saying what to write. */
export function promptField(limit = PROMPT_MAX_LENGTH, whatToWrite?: string) {
  return z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value.trim() : ''))
    .superRefine((prompt, check) => {
      const problem = promptProblem(prompt, limit, whatToWrite);
      if (problem) check.addIssue({ code: 'custom', message: problem });
    });
}

export const maxTokensField = (max: number, whose = '') => wholeNumberField('max_tokens', 1, max, whose);

/** The explicit options kept with a reply (camelCase, as stored), checked before Regenerate reuses them. */
export const storedOptionsSchema = z.object({
  model: modelField.optional(),
  temperature: temperatureField.optional(),
  maxTokens: maxTokensField(MAX_TOKENS_OPTION_MAX).optional(),
});

export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

/** Validates `raw` against `schema`; a refusal is the first problem's sentence. */
export function parseWith<T>(schema: z.ZodType<T>, raw: unknown): Parsed<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'These options are not valid.' };
}
