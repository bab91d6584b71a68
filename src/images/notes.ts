/**
 * The words of an /imagine reply (pure): the line under the prompt, the links posted instead of
 * files, the notes on what is missing and why, and the Reroll button, in the language of whoever
 * reads the reply (the channel's; the member's where the reply is private).
 */

import type { Translator } from '../i18n/translator.js';
import { buttonId, buttonRow } from '../reply/buttons.js';
import { IMAGE_MODEL } from '../service/types.js';
import { type DownloadResult, problemText } from './download.js';
import type { ImagineRequest } from './imagineRequests.js';

export interface Downloaded {
  readonly index: number;
  readonly url: string;
  readonly result: DownloadResult;
}

export function rerollRow(t: Translator, requestId: string) {
  return buttonRow(t.t('images.reroll'), '🎲', buttonId('imagine', 'reroll', requestId));
}

/** The images as links, each on its line (Discord shows them), and why they are links. */
export function linkLines(t: Translator, urls: readonly string[]): string[] {
  const lines = urls.map((url, i) => (url === '' ? t.t('images.noLink', { index: i + 1 }) : url));
  return [...lines, `-# ${t.t('images.linksNote')}`];
}

/** `1 image · 1024x1024 · model · cost`, under the quoted prompt. */
export function resultLine(t: Translator, request: ImagineRequest, cost: string | undefined): string {
  const parts = [t.t('images.imageCount', { count: request.n }), request.size, IMAGE_MODEL];
  return `-# ${[...parts, ...(cost ? [cost] : [])].join(' · ')}`;
}

/** What is missing and why: fewer images than asked, too large ones (as links), failed downloads. */
export function missingNotes(
  t: Translator,
  request: ImagineRequest,
  urls: readonly string[],
  downloaded: readonly Downloaded[],
  sizeLimit: number,
): string[] {
  const notes: string[] = [];
  if (urls.length < request.n)
    notes.push(t.t('images.fewerReturned', { count: request.n, got: urls.length }));
  for (const entry of downloaded) {
    if (entry.result.ok) continue;
    notes.push(
      entry.result.tooLarge
        ? t.t('images.tooLargeHere', {
            index: entry.index,
            megabytes: sizeLimit / (1024 * 1024),
            url: entry.url,
          })
        : t.t('images.notDownloaded', { index: entry.index, reason: problemText(t, entry.result.reason) }),
    );
  }
  return notes.map((note) => `-# ⚠️ ${note}`);
}
