/**
 * /ask without `prompt`: a modal (Discord's form) with one paragraph field, for what a slash
 * command's option cannot hold (line breaks, pasted code, several paragraphs), up to the same
 * 4,000 characters, and an optional upload of up to FORM_MAX_FILES files read as /ask's `file`
 * (the files ride with the submit). The options given with the command (model, temperature,
 * max_tokens, thread) ride in the modal's custom id, `ask:modal:m=<model>&t=<temperature>&x=<max_tokens>&h=1` (each
 * only when given; at most about 75 of Discord's 100 characters), not in memory: a form may be
 * submitted many minutes later, or after a restart, and then still asks as the member asked. A
 * crafted id can carry nothing the member could not have typed as options: the submit is
 * validated by /ask's own rules, with its sentences.
 */

import { paragraphModal } from '../../src/discord/modals.js';
import { sizeText } from '../../src/files/attachments.js';
import { FILE_MAX_BYTES } from '../../src/files/readFiles.js';
import type { Translator } from '../../src/i18n/translator.js';
import { buttonId } from '../../src/reply/buttons.js';
import { PROMPT_MAX_LENGTH } from '../../src/settings/promptRules.js';
import type { AskSettings } from './options.js';

export const ASK_MODAL_ACTION = 'modal';
/** The question's field in the form. */
export const QUESTION_FIELD = 'prompt';
/** The form's file upload, and how many files it takes. */
export const FILES_FIELD = 'files';
export const FORM_MAX_FILES = 3;

/** Short keys in the custom id, and the options they stand for. */
const KEYS = { m: 'model', t: 'temperature', x: 'max_tokens', h: 'thread' } as const;
const NUMBER = /^\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** `t`: the member's voice (only they see the form). */
export function askModal(t: Translator, settings: AskSettings) {
  return paragraphModal({
    customId: buttonId('ask', ASK_MODAL_ACTION, encodeAskSettings(settings)),
    title: settings.model ? t.t('chat.formTitle', { model: settings.model }) : t.t('chat.formTitleAnyModel'),
    label: t.t('chat.formLabel'),
    description: t.t('chat.formDescription', { limit: PROMPT_MAX_LENGTH }),
    field: QUESTION_FIELD,
    maxLength: PROMPT_MAX_LENGTH,
    upload: {
      field: FILES_FIELD,
      label: t.t('chat.formFilesLabel'),
      description: t.t('chat.formFilesDescription', {
        files: FORM_MAX_FILES,
        limit: sizeText(FILE_MAX_BYTES),
      }),
      max: FORM_MAX_FILES,
    },
  });
}

/** The options as the custom id's argument, e.g. `m=service-v1-pro&t=0.7` ('' when none). */
export function encodeAskSettings(settings: AskSettings): string {
  return [
    settings.model !== undefined && `m=${settings.model}`,
    settings.temperature !== undefined && `t=${settings.temperature}`,
    settings.maxTokens !== undefined && `x=${settings.maxTokens}`,
    settings.thread && 'h=1',
  ]
    .filter(Boolean)
    .join('&');
}

/**
 * The raw option values the argument carries, for /ask's rules to check; undefined when it is
 * not one this version writes (an unknown or repeated key, no `=`).
 */
export function decodeAskSettings(argument: string): Record<string, unknown> | undefined {
  const raw: Record<string, unknown> = {};
  if (argument === '') return raw;
  for (const pair of argument.split('&')) {
    const [key = '', value, ...rest] = pair.split('=');
    const name = Object.hasOwn(KEYS, key) ? KEYS[key as keyof typeof KEYS] : undefined;
    if (name === undefined || value === undefined || rest.length > 0 || name in raw) return undefined;
    // As Discord would send them: numbers as numbers, thread as a boolean; anything else is
    // passed on as text, which /ask's rules refuse with their usual sentence.
    if (key === 'h') raw[name] = value === '1' ? true : value;
    else if (key === 't' || key === 'x') raw[name] = NUMBER.test(value) ? Number(value) : value;
    else raw[name] = value;
  }
  return raw;
}
