/**
 * Rules per role on a server's page (the rules themselves: spend/roleRules.ts, the same as
 * `/budget role`): the list, a form that sets a role's rule, and a button that clears one. Writes
 * pass the same checks as the budget's (guildRoutes.ts guard, CSRF and Origin).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_MODELS, type ChatModel } from '../service/models.js';
import { formatMoney } from '../spend/cost.js';
import type { RoleRule } from '../spend/roleRules.js';
import { type DashboardEdit, type EditResult, EVERYONE_ROLE } from './edits.js';
import { afterEdit, formCap, type Guarded } from './forms.js';
import { esc, type FormError, type FormName, formErrorLine, typed } from './pages.js';
import { isSnowflake } from './security.js';

export interface RoleDeps {
  readonly edit: (guildId: string, edit: DashboardEdit) => Promise<EditResult>;
  readonly currency: string;
  /** The server's roles as this process knows them (id and name), if any. */
  readonly roles: (guildId: string) => readonly { id: string; name: string }[];
}

/** A rule's cap; unset follows the server (daily: its daily cap per member; monthly: none). */
const cap = (value: number | null | undefined, currency: string, unset: string) =>
  value === undefined ? unset : value === null ? 'none' : formatMoney(value, currency);

/** The role rules section of a server's page. */
export function roleSection(
  guildId: string,
  rules: readonly RoleRule[],
  roles: readonly { id: string; name: string }[],
  csrf: string,
  currency: string,
  formError?: FormError,
): string {
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
        `<tr><td>@${esc(name(rule.roleId))}</td><td>${esc(cap(rule.dailyCapMicros, currency, 'server default'))}</td><td>${esc(cap(rule.monthlyCapMicros, currency, 'none'))}</td><td>${esc(rule.models ? rule.models.join(', ') : 'all allowed')}</td><td>${rule.imagine === false ? 'no' : 'yes'}</td><td><form class="inline" method="post" action="/guilds/${esc(guildId)}/roles/${esc(rule.roleId)}/clear">${hidden}<button>Clear</button></form></td></tr>`,
    )
    .join('');
  const chosen = sent ? typed(sent, 'role') : '';
  const picker =
    roles.length > 0
      ? `<select name="role">${roles.map((role) => `<option value="${esc(role.id)}"${role.id === chosen ? ' selected' : ''}>@${esc(role.name)}</option>`).join('')}</select>`
      : `<input name="role" placeholder="role id" value="${value('role')}">`;
  const models = CHAT_MODELS.map(
    (model) =>
      `<label><input type="checkbox" name="models" value="${esc(model)}"${on(ticked.includes(model))}> ${esc(model)}</label>`,
  ).join(' ');
  return `<section><h2>Rules per role</h2><table id="role-rules"><thead><tr><th>Role</th><th>Daily cap per member</th><th>Monthly cap per member</th><th>Models</th><th>/imagine</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="6">No rule: every member has the server\'s defaults</td></tr>'}</tbody></table>${formErrorLine(formError, 'role-clear')}
<form id="role-rule" method="post" action="/guilds/${esc(guildId)}/roles">${hidden}${formErrorLine(formError, 'role')}Role ${picker}<br>
<label>Daily cap per member (empty: the server's) <input name="daily" inputmode="decimal" value="${value('daily')}"></label><br>
<label>Monthly cap per member (empty: none) <input name="monthly" inputmode="decimal" value="${value('monthly')}"></label><br>
Models (none ticked: all the server allows) ${models}<br>
<label><input type="checkbox" name="imagine" value="yes"${on(sent ? sent.imagine === 'yes' : true)}> may use /imagine</label><br>
<button id="save-role-rule">Save rule</button></form><p>A member with several roles gets the most generous value of each field.</p></section>`;
}

export function registerRoleRoutes(
  app: FastifyInstance,
  deps: RoleDeps,
  guarded: (request: FastifyRequest, reply: FastifyReply, form: FormName) => Promise<Guarded | undefined>,
): void {
  app.post('/guilds/:id/roles', async (request, reply) => {
    const found = await guarded(request, reply, 'role');
    if (!found) return reply;
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
      return found.refuse('A role, and caps such as 5 or 0.25 (empty: default).');
    // The owning process refuses any role not of the server (edits.ts roleRefusal); @everyone
    // is refused here already, even while that process is down.
    if (body.role === found.guildId) return found.refuse(EVERYONE_ROLE);
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
    if (!isSnowflake(role)) return found.refuse('Not a role id.');
    return afterEdit(reply, found, await deps.edit(found.guildId, { kind: 'role-clear', roleId: role }));
  });
}
