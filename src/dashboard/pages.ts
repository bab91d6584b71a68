/**
 * The dashboard's pages, server-rendered HTML (no script at all: the Content-Security-Policy
 * forbids every one). Every value from Discord, the store or the request goes through `esc`.
 */
import { dailySpendSvg } from '../spend/chart.js';
import { formatMoney } from '../spend/cost.js';

export function esc(value: unknown): string {
  return String(value).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f2f3f5;color:#060607}
header{background:#5865f2;color:#fff;padding:10px 20px;display:flex;gap:16px;align-items:center}
header a{color:#fff}main{padding:20px;max-width:900px}table{border-collapse:collapse;margin:8px 0 20px;background:#fff}
td,th{border:1px solid #e3e5e8;padding:4px 10px;text-align:left}td.n{text-align:right;white-space:nowrap}
section{background:#fff;padding:12px 16px;margin-bottom:16px;border-radius:8px}
form.inline{display:inline}.error{color:#c03537}svg{max-width:100%;height:auto}
section.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(360px,1fr));gap:0 24px}.note{font-size:90%;color:#4e5058}`;

/** Which form of a server's page was refused. */
export type FormName = 'range' | 'budget' | 'role' | 'role-clear' | 'config';

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
  /** The signed-in person, with the CSRF token for the logout form. */
  readonly who?: { readonly name: string; readonly csrf: string };
}

export function page(layout: Layout, body: string): string {
  const who = layout.who
    ? `<span>Signed in as <b id="who">${esc(layout.who.name)}</b></span><form class="inline" method="post" action="/auth/logout"><input type="hidden" name="_csrf" value="${esc(layout.who.csrf)}"><button id="logout">Log out</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(layout.title)}</title><style>${STYLE}</style></head><body><header><a href="/"><b>Bot dashboard</b></a>${who}</header><main>${body}</main></body></html>`;
}

export function loginPage(error?: string): string {
  return page(
    { title: 'Bot dashboard: log in' },
    `${error ? `<p class="error">${esc(error)}</p>` : ''}<p>Manage the bot's spend on your servers.</p><p><a id="login" href="/auth/login">Log in with Discord</a></p>`,
  );
}

export function guildListPage(
  layout: Layout,
  guilds: readonly { readonly id: string; readonly name: string }[],
): string {
  const items = guilds.map((guild) => `<li><a href="/guilds/${esc(guild.id)}">${esc(guild.name)}</a></li>`);
  const body =
    items.length > 0
      ? `<h1>Your servers</h1><ul id="guilds">${items.join('')}</ul>`
      : '<h1>Your servers</h1><p id="no-guilds">No server to manage: the dashboard lists the servers the bot is in where you have Manage Server.</p>';
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

function table(id: string, first: string, rows: SpendView['byModel'], currency: string): string {
  const body = rows
    .map(
      (row) =>
        `<tr><td>${esc(row.name)}</td><td class="n">${row.requests}</td><td class="n">${esc(formatMoney(row.costMicros, currency))}</td></tr>`,
    )
    .join('');
  return `<table id="${id}"><thead><tr><th>${first}</th><th>Requests</th><th>Cost</th></tr></thead><tbody>${body || '<tr><td colspan="3">Nothing in this range</td></tr>'}</tbody></table>`;
}

const amount = (micros: number | null) =>
  micros === null ? '' : (micros / 1_000_000).toFixed(6).replace(/\.?0+$/, '');

export function guildPage(
  layout: Layout & { readonly who: { name: string; csrf: string } },
  view: SpendView,
  extra = '',
): string {
  const { guild, currency } = view;
  const range = `from=${esc(view.from)}&amp;to=${esc(view.to)}`;
  const { formError } = view;
  const again = (form: FormName, field: string, value: string) =>
    esc(formError?.form === form ? typed(formError.body, field) : value);
  const csrf = `<input type="hidden" name="_csrf" value="${esc(layout.who.csrf)}">`;
  const body = `<h1 id="guild-name">${esc(guild.name)}</h1>
${view.notice ? `<p id="notice">${esc(view.notice)}</p>` : ''}
<section><form id="range" method="get" action="/guilds/${esc(guild.id)}">${formErrorLine(formError, 'range')}From <input type="date" name="from" value="${again('range', 'from', view.from)}"> to <input type="date" name="to" value="${again('range', 'to', view.to)}"> <button>Show</button></form>
<p id="total">Spent <b>${esc(formatMoney(view.totalMicros, currency))}</b> in ${view.requests} requests from ${esc(view.from)} to ${esc(view.to)}. <a id="csv" href="/guilds/${esc(guild.id)}/usage.csv?${range}">Download CSV</a></p>
<div id="chart">${dailySpendSvg(view.byDay, currency, `Daily spend, ${view.from} to ${view.to}`)}</div></section>
<section class="grid"><div><h2>By model</h2>${table('by-model', 'Model', view.byModel, currency)}</div>
<div><h2>By member</h2>${table('by-member', 'Member', view.byMember, currency)}</div>
<div><h2>By channel</h2>${table('by-channel', 'Channel', view.byChannel, currency)}</div>
<div><h2>By role</h2>${table('by-role', 'Role', view.byRole, currency)}<p class="note">Roles with a rule per role, as /usage show: a request counts under each such role its member held, so the rows can add up to more than the total.</p></div></section>
<section><h2>Budgets</h2><p id="month-spend">This month: ${esc(formatMoney(view.monthSpentMicros, currency))}${view.monthlyCapMicros === null ? ', no monthly cap' : ` of ${esc(formatMoney(view.monthlyCapMicros, currency))}`}.</p>
${capBelowSpend(view.monthlyCapMicros, view.monthSpentMicros, currency)}
<form id="budget" method="post" action="/guilds/${esc(guild.id)}/budget">${csrf}${formErrorLine(formError, 'budget')}
<label>Monthly cap for the server (${esc(currency)}, empty: none) <input name="monthly" inputmode="decimal" value="${again('budget', 'monthly', amount(view.monthlyCapMicros))}"></label><br>
<label>Daily cap per member (${esc(currency)}, empty: none) <input name="daily_per_member" inputmode="decimal" value="${again('budget', 'daily_per_member', amount(view.dailyUserCapMicros))}"></label><br>
<button id="save-budget">Save</button></form><p>Changes apply to the next request.</p></section>`;
  return page(layout, body + extra);
}

/** A warning when the monthly cap is below what the server already spent this month. */
function capBelowSpend(capMicros: number | null, spentMicros: number, currency: string): string {
  if (capMicros === null || spentMicros <= capMicros) return '';
  return `<p class="error" id="cap-below-spend" role="alert">This cap is below the ${esc(formatMoney(spentMicros, currency))} already spent this month: requests will be refused until the 1st.</p>`;
}
