/**
 * Rules per role on a server's page (the rules themselves: spend/roleRules.ts, the same as
 * `/budget role`): the list, a form that sets a role's rule, and a button that clears one. Writes
 * pass the same checks as the budget's (guildRoutes.ts guard, CSRF and Origin).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_MODELS, type ChatModel } from '../service/models.js';
import type { RoleRule } from '../spend/roleRules.js';
import type { DashboardEdit, EditResult } from './edits.js';
import { afterEdit, formCap, type Guarded } from './forms.js';
import { esc } from './html.js';
import { type WordKey, type Words, wordsFor, wordsIn } from './language.js';
import { type FormError, type FormName, formErrorLine, typed } from './pages.js';
import { isSnowflake } from './security.js';

export interface RoleDeps {
  readonly edit: (guildId: string, edit: DashboardEdit) => Promise<EditResult>;
  readonly currency: string;
  /** The server's roles as this process knows them (id and name), if any. */
  readonly roles: (guildId: string) => readonly { id: string; name: string }[];
}

/** A rule's cap; unset follows the server (daily: its daily cap per member; monthly: none). */
const cap = (words: Words, value: number | null | undefined, currency: string, unset: WordKey) =>
  value === undefined
    ? words.t(unset)
    : value === null
      ? words.t('none')
      : words.formats.money(value, currency);

/**
 * The role picker: a select of the server's roles by name (the one sent back kept chosen), or,
 * when this process does not see them, a line saying so (never a box for an id).
 */
function rolePicker(words: Words, roles: readonly { id: string; name: string }[], chosen: string): string {
  if (roles.length === 0) return `<p id="roles-unknown" class="note">${esc(words.t('rolesUnknown'))}</p>`;
  const options = [...roles]
    .sort((a, b) => a.name.localeCompare(b.name, words.language))
    .map(
      (role) =>
        `<option value="${esc(role.id)}"${role.id === chosen ? ' selected' : ''}>@${esc(role.name)}</option>`,
    );
  return `<label>${esc(words.t('role'))} <select name="role" id="role-picker" required>${options.join('')}</select></label>`;
}

/** The role rules section of a server's page. */
export function roleSection(
  guildId: string,
  rules: readonly RoleRule[],
  roles: readonly { id: string; name: string }[],
  csrf: string,
  currency: string,
  formError?: FormError,
  words: Words = wordsIn('en'),
): string {
  const w = (key: WordKey) => esc(words.t(key));
  // A refused rule form comes back as typed; otherwise empty, /imagine ticked.
  const sent = formError?.form === 'role' ? formError.body : undefined;
  const value = (field: string) => esc(sent ? typed(sent, field) : '');
  const ticked = sent ? ([] as unknown[]).concat(sent.models ?? []) : [];
  const on = (yes: boolean) => (yes ? ' checked' : '');
  const name = (id: string) => roles.find((role) => role.id === id)?.name ?? id;
  const hidden = `<input type="hidden" name="_csrf" value="${esc(csrf)}">`;
  const rows = rules
    .map(
      (rule) =>
        `<tr><td>@${esc(name(rule.roleId))}</td><td>${esc(cap(words, rule.dailyCapMicros, currency, 'serverDefault'))}</td><td>${esc(cap(words, rule.monthlyCapMicros, currency, 'none'))}</td><td>${rule.models ? esc(rule.models.join(', ')) : w('allAllowed')}</td><td>${w(rule.imagine === false ? 'no' : 'yes')}</td><td><form class="inline" method="post" action="/guilds/${esc(guildId)}/roles/${esc(rule.roleId)}/clear">${hidden}<button>${w('clear')}</button></form></td></tr>`,
    )
    .join('');
  const picker = rolePicker(words, roles, sent ? typed(sent, 'role') : '');
  const models = CHAT_MODELS.map(
    (model) =>
      `<label><input type="checkbox" name="models" value="${esc(model)}"${on(ticked.includes(model))}> ${esc(model)}</label>`,
  ).join(' ');
  const head = (['role', 'dailyPerMember', 'monthlyPerMember', 'models'] as const).map(
    (key) => `<th>${w(key)}</th>`,
  );
  return `<section id="roles"><h2>${w('roleRules')}</h2><table id="role-rules"><thead><tr>${head.join('')}<th>/imagine</th><th></th></tr></thead><tbody>${rows || `<tr><td colspan="6">${w('noRule')}</td></tr>`}</tbody></table>${formErrorLine(formError, 'role-clear')}
<form id="role-rule" method="post" action="/guilds/${esc(guildId)}/roles">${hidden}${formErrorLine(formError, 'role')}${picker}<br>
<label>${w('dailyRuleLabel')} <input name="daily" inputmode="decimal" value="${value('daily')}"></label><br>
<label>${w('monthlyRuleLabel')} <input name="monthly" inputmode="decimal" value="${value('monthly')}"></label><br>
${w('modelsLabel')} ${models}<br>
<label><input type="checkbox" name="imagine" value="yes"${on(sent ? sent.imagine === 'yes' : true)}> ${w('mayImagine')}</label><br>
<button id="save-role-rule"${roles.length === 0 ? ' disabled' : ''}>${w('saveRule')}</button></form><p class="note">${w('mostGenerous')}</p></section>`;
}

export function registerRoleRoutes(
  app: FastifyInstance,
  deps: RoleDeps,
  guarded: (request: FastifyRequest, reply: FastifyReply, form: FormName) => Promise<Guarded | undefined>,
): void {
  app.post('/guilds/:id/roles', async (request, reply) => {
    const found = await guarded(request, reply, 'role');
    if (!found) return reply;
    const words = wordsFor(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const daily = body.daily === undefined || body.daily === '' ? undefined : formCap(body.daily);
    const monthly = formCap(body.monthly);
    const picked = ([] as unknown[]).concat(body.models ?? []);
    const models = picked.filter((model): model is ChatModel => CHAT_MODELS.includes(model as ChatModel));
    if (
      !isSnowflake(body.role) ||
      daily === 'invalid' ||
      monthly === 'invalid' ||
      models.length !== picked.length
    )
      return found.refuse(words.t('roleInvalid'));
    // @everyone is refused here already, even while the owning process is down; a role this
    // process knows the server lacks too. The owning process refuses any role not of the
    // server (edits.ts roleRefusal), for servers whose roles only it sees.
    if (body.role === found.guildId) return found.refuse(words.t('everyoneRole'));
    const known = deps.roles(found.guildId);
    if (known.length > 0 && !known.some((role) => role.id === body.role))
      return found.refuse(words.t('notARole'));
    const result = await deps.edit(found.guildId, {
      kind: 'role-set',
      rule: {
        roleId: body.role,
        ...(daily !== undefined && { dailyCapMicros: daily }),
        monthlyCapMicros: monthly,
        models: models.length > 0 ? models : null,
        imagine: body.imagine === 'yes',
      },
    });
    return afterEdit(reply, found, result);
  });

  app.post('/guilds/:id/roles/:role/clear', async (request, reply) => {
    const found = await guarded(request, reply, 'role-clear');
    if (!found) return reply;
    const { role } = request.params as { role: string };
    if (!isSnowflake(role)) return found.refuse(wordsFor(request).t('notARoleId'));
    return afterEdit(reply, found, await deps.edit(found.guildId, { kind: 'role-clear', roleId: role }));
  });
}
