/**
 * "Requests in progress" on a server's page: the requests holding a fair-use slot in the server
 * (access/fairUse.ts) as its owning process listed them, when it listed them, and a link that
 * reads them again (the page has no script). When that process did not answer in time the
 * section says so instead of showing an empty table.
 */
import type { InProgressView } from './edits.js';
import { esc } from './html.js';
import { type Words, wordsIn } from './language.js';

/** How long ago `since` was, at `at`: "12 s", "3 min 5 s", "2 h 4 min". */
export function ago(since: number, at: number): string {
  const seconds = Math.max(0, Math.floor((at - since) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * The section; `refresh` is this page's address with the time it was read, so that following
 * the link always reloads (to the same address and fragment, a browser would only scroll).
 */
export function inProgressSection(
  view: InProgressView | undefined,
  refresh: string,
  names: { readonly user: (id: string) => string; readonly channel: (id: string) => string },
  words: Words = wordsIn('en'),
): string {
  const w = (key: Parameters<Words['t']>[0], values?: Record<string, string>) => esc(words.t(key, values));
  const link = `<a id="refresh-in-progress" href="${esc(refresh)}#in-progress">${w('refresh')}</a>`;
  const title = `<h2>${w('inProgress')}</h2>`;
  if (!view)
    return `<section id="in-progress">${title}<p id="in-progress-unknown">${w('inProgressUnknown')} ${link}</p></section>`;
  const rows = [...view.requests]
    .sort((a, b) => a.since - b.since)
    .map(
      (request) =>
        `<tr><td>${request.kind === 'image' ? '/imagine' : w('chat')}</td><td>${esc(names.channel(request.channelId))}</td><td>${esc(names.user(request.userId))}</td><td class="n">${w('ago', { time: ago(request.since, view.at) })}</td></tr>`,
    )
    .join('');
  const asOf = new Date(view.at).toISOString().slice(11, 19);
  const head = [w('kind'), w('channel'), w('member'), w('started')]
    .map((cell) => `<th>${cell}</th>`)
    .join('');
  return `<section id="in-progress">${title}<p>${words.html('inProgressAsOf', { time: `<span id="in-progress-at">${esc(asOf)} UTC</span>` })} ${link}</p>
<table id="in-progress-table"><thead><tr>${head}</tr></thead><tbody>${rows || `<tr><td colspan="4">${w('noneNow')}</td></tr>`}</tbody></table></section>`;
}
