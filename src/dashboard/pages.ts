/**
 * The dashboard's pages, server-rendered HTML (no script at all: the Content-Security-Policy
 * forbids every one), in the viewer's language (language.ts: `<html lang>` and every word), styled
 * by style.ts. Every value from Discord, the store or the request goes through `esc`.
 */
import { chartFormat, dailySpendSvg } from '../spend/chart.js';
import { esc } from './html.js';
import type { Words } from './language.js';
import { STYLE } from './style.js';

export { esc };

/** Which form of a server's page was refused. */
export type FormName =
  | 'range'
  | 'budget'
  | 'role'
  | 'role-clear'
  | 'config'
  | 'service-key'
  | 'service-key-clear';

/** A form sent back: why it was refused, and every value as the admin typed it. */
export interface FormError {
  readonly form: FormName;
  readonly error: string;
  readonly body: Record<string, unknown>;
}

/** The refusal shown at the top of `form`, if it is the one refused. */
export const formErrorLine = (formError: FormError | undefined, form: FormName): string =>
  formError?.form === form
    ? `<p class="error" id="${form}-error" role="alert">${esc(formError.error)}</p>`
    : '';

/** A field's value as typed (the first, if sent several times), or '' (the caller escapes it). */
export function typed(body: Record<string, unknown>, field: string): string {
  const value = ([] as unknown[]).concat(body[field])[0];
  return typeof value === 'string' ? value : '';
}

export interface Layout {
  readonly title: string;
  /** The viewer's language and its words. */
  readonly words: Words;
  /** The signed-in person, with the CSRF token for the logout form. */
  readonly who?: { readonly name: string; readonly csrf: string };
}

export function page(layout: Layout, body: string): string {
  const { words } = layout;
  const who = layout.who
    ? `<span>${words.html('signedInAs', { name: `<b id="who">${esc(layout.who.name)}</b>` })}</span><form class="inline" method="post" action="/auth/logout"><input type="hidden" name="_csrf" value="${esc(layout.who.csrf)}"><button id="logout">${esc(words.t('logOut'))}</button></form>`
    : '';
  return `<!doctype html><html lang="${esc(words.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${esc(layout.title)}</title><style>${STYLE}</style></head><body><header><a href="/"><b>${esc(words.t('product'))}</b></a>${who}</header><main>${body}</main></body></html>`;
}

export function loginPage(words: Words, error?: string): string {
  return page(
    { title: words.t('loginTitle'), words },
    `${error ? `<p class="error">${esc(error)}</p>` : ''}<p>${esc(words.t('loginLead'))}</p><p><a id="login" href="/auth/login">${esc(words.t('loginLink'))}</a></p>`,
  );
}

/** A page refused as a whole (403, 429): why, and the way back to the server list. */
export function refusedPage(layout: Layout, why: string): string {
  const back = `<p><a id="back" href="/">${esc(layout.words.t('backToServers'))}</a></p>`;
  return page(layout, `<p class="error" id="refused" role="alert">${esc(why)}</p>${back}`);
}

export function guildListPage(
  layout: Layout,
  guilds: readonly { readonly id: string; readonly name: string }[],
): string {
  const { words } = layout;
  const items = guilds.map((guild) => `<li><a href="/guilds/${esc(guild.id)}">${esc(guild.name)}</a></li>`);
  const title = `<h1>${esc(words.t('yourServers'))}</h1>`;
  const body =
    items.length > 0
      ? `${title}<ul id="guilds">${items.join('')}</ul>`
      : `${title}<p id="no-guilds">${esc(words.t('noServers'))}</p>`;
  return page(layout, body);
}

export interface SpendView {
  readonly guild: { readonly id: string; readonly name: string };
  readonly from: string;
  readonly to: string;
  readonly currency: string;
  readonly totalMicros: number;
  readonly requests: number;
  readonly byDay: readonly { day: string; costMicros: number }[];
  readonly byModel: readonly { name: string; requests: number; costMicros: number }[];
  readonly byMember: readonly { name: string; requests: number; costMicros: number }[];
  readonly byChannel: readonly { name: string; requests: number; costMicros: number }[];
  /** Per role with a rule (a request under each its member held), then those without one. */
  readonly byRole: readonly { name: string; requests: number; costMicros: number }[];
  readonly monthlyCapMicros: number | null;
  readonly dailyUserCapMicros: number | null;
  readonly monthSpentMicros: number;
  readonly notice?: string;
  /** A refused form of this page, shown again with its values as typed. */
  readonly formError?: FormError;
}

function table(
  words: Words,
  id: string,
  first: string,
  rows: SpendView['byModel'],
  currency: string,
): string {
  const money = (micros: number) => esc(words.formats.money(micros, currency));
  const body = rows
    .map(
      (row) =>
        `<tr><td>${esc(row.name)}</td><td class="n">${esc(words.formats.number(row.requests))}</td><td class="n">${money(row.costMicros)}</td></tr>`,
    )
    .join('');
  const head = `<th>${esc(first)}</th><th>${esc(words.t('requests'))}</th><th>${esc(words.t('cost'))}</th>`;
  return `<table id="${id}"><thead><tr>${head}</tr></thead><tbody>${body || `<tr><td colspan="3">${esc(words.t('nothingInRange'))}</td></tr>`}</tbody></table>`;
}

const amount = (micros: number | null) =>
  micros === null ? '' : (micros / 1_000_000).toFixed(6).replace(/\.?0+$/, '');

export function guildPage(
  layout: Layout & { readonly who: { name: string; csrf: string } },
  view: SpendView,
  extra = '',
): string {
  const { words } = layout;
  const w = (key: Parameters<Words['t']>[0], values?: Record<string, string | number>) =>
    esc(words.t(key, values));
  const { guild, currency } = view;
  const money = (micros: number) => words.formats.money(micros, currency);
  const range = `from=${esc(view.from)}&amp;to=${esc(view.to)}`;
  const { formError } = view;
  const again = (form: FormName, field: string, value: string) =>
    esc(formError?.form === form ? typed(formError.body, field) : value);
  const csrf = `<input type="hidden" name="_csrf" value="${esc(layout.who.csrf)}">`;
  const dates = { from: words.formats.day(view.from), to: words.formats.day(view.to) };
  const dateInputs = {
    from: `<input type="date" name="from" value="${again('range', 'from', view.from)}">`,
    to: `<input type="date" name="to" value="${again('range', 'to', view.to)}">`,
  };
  const tables = (
    [
      ['by-model', 'byModel', 'model', view.byModel],
      ['by-member', 'byMember', 'member', view.byMember],
      ['by-channel', 'byChannel', 'channel', view.byChannel],
      ['by-role', 'byRole', 'role', view.byRole],
    ] as const
  )
    .map(
      ([id, title, first, rows]) =>
        `<div><h2>${w(title)}</h2>${table(words, id, words.t(first), rows, currency)}${id === 'by-role' ? `<p class="note">${w('byRoleNote')}</p>` : ''}</div>`,
    )
    .join('\n');
  const month =
    view.monthlyCapMicros === null
      ? w('monthNoCap', { spent: money(view.monthSpentMicros) })
      : w('monthOfCap', { spent: money(view.monthSpentMicros), cap: money(view.monthlyCapMicros) });
  const body = `<h1 id="guild-name">${esc(guild.name)}</h1>
${view.notice ? `<p id="notice">${esc(view.notice)}</p>` : ''}
<section><form id="range" method="get" action="/guilds/${esc(guild.id)}">${formErrorLine(formError, 'range')}${words.html('rangeForm', dateInputs)} <button>${w('show')}</button></form>
<p id="total">${words.html('total', { money: `<b>${esc(money(view.totalMicros))}</b>` }, { count: view.requests, ...dates })} <a id="csv" href="/guilds/${esc(guild.id)}/usage.csv?${range}">${w('downloadCsv')}</a></p>
<div id="chart">${dailySpendSvg(view.byDay, currency, words.t('chartTitle', dates), chartFormat(words.formats))}</div></section>
<section class="grid">${tables}</section>
<section><h2>${w('budgets')}</h2><p id="month-spend">${month}</p>
${capBelowSpend(words, view.monthlyCapMicros, view.monthSpentMicros, currency)}
<form id="budget" method="post" action="/guilds/${esc(guild.id)}/budget">${csrf}${formErrorLine(formError, 'budget')}
<label>${w('monthlyCapLabel', { currency })} <input name="monthly" inputmode="decimal" value="${again('budget', 'monthly', amount(view.monthlyCapMicros))}"></label><br>
<label>${w('dailyCapLabel', { currency })} <input name="daily_per_member" inputmode="decimal" value="${again('budget', 'daily_per_member', amount(view.dailyUserCapMicros))}"></label><br>
<button id="save-budget">${w('save')}</button></form><p>${w('appliesNext')}</p></section>`;
  return page(layout, body + extra);
}

/** A warning when the monthly cap is below what the server already spent this month. */
function capBelowSpend(
  words: Words,
  capMicros: number | null,
  spentMicros: number,
  currency: string,
): string {
  if (capMicros === null || spentMicros <= capMicros) return '';
  return `<p class="error" id="cap-below-spend" role="alert">${esc(words.t('capBelowSpend', { spent: words.formats.money(spentMicros, currency) }))}</p>`;
}
