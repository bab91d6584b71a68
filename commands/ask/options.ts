/** /ask's options, validated by the shared request-option rules (src/settings/requestOptions.ts). */
import { z } from 'zod';
import type { Translator } from '../../src/i18n/translator.js';
import { definedFields } from '../../src/lib/objects.js';
import {
  MAX_TOKENS_OPTION_MAX,
  maxTokensField,
  modelField,
  parseWith,
  problem,
  promptField,
  temperatureField,
} from '../../src/settings/requestOptions.js';
import type { RequestOptions } from '../../src/settings/resolve.js';

export interface AskOptions extends RequestOptions {
  readonly prompt: string;
  readonly thread: boolean;
}

/** /ask's options besides the prompt (given with the command when the prompt comes in a form). */
export type AskSettings = Omit<AskOptions, 'prompt'>;

const settingsFields = {
  model: modelField.optional(),
  temperature: temperatureField.optional(),
  max_tokens: maxTokensField(MAX_TOKENS_OPTION_MAX).optional(),
  thread: z.boolean({ error: problem('chat.threadRule') }).optional(),
};

export const askOptionsSchema = z.object({ prompt: promptField(), ...settingsFields }).transform(
  ({ prompt, thread, max_tokens, ...rest }): AskOptions => ({
    prompt,
    thread: thread === true,
    ...definedFields({ ...rest, maxTokens: max_tokens }),
  }),
);

/**
 * Validates raw option values. Unset options stay unset, for the channel, server and bot
 * defaults to fill in (see src/settings/resolve.ts). `t`: the member's voice, for a refusal.
 */
export function parseAskOptions(
  raw: Readonly<Record<string, unknown>>,
  t: Translator,
): { ok: true; options: AskOptions } | { ok: false; error: string } {
  const parsed = parseWith(askOptionsSchema, raw, t);
  return parsed.ok ? { ok: true, options: parsed.value } : parsed;
}

/** Validates the options other than the prompt, with the same rules and sentences. */
export function parseAskSettings(
  raw: Readonly<Record<string, unknown>>,
  t: Translator,
): { ok: true; settings: AskSettings } | { ok: false; error: string } {
  const parsed = parseWith(z.object(settingsFields), raw, t);
  if (!parsed.ok) return parsed;
  const { thread, max_tokens, ...rest } = parsed.value;
  return {
    ok: true,
    settings: { thread: thread === true, ...definedFields({ ...rest, maxTokens: max_tokens }) },
  };
}
