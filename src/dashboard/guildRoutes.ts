/**
 * A server's pages: spend over a range (daily chart, by model, member, channel), the budget form
 * and its write, and the range's ledger entries as CSV, streamed. Every route first checks that
 * the signed-in person may manage that server (server.ts manageableIn): any other id is 403,
 * whether the server exists, the bot is in it or the person merely lacks Manage Server.
 * Without a session a browser's GET of a page (Accept text/html) is sent to the login, to come
 * back after it (/auth/login?next=); anything else, writes included, answers 401. A refused form
 * (bad value, or the owning process's refusal) answers 400 with the page again, the error at the
 * top of that form and every value as typed.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSV_HEADER, entryRow } from '../spend/csv.js';
import type { Ledger } from '../spend/ledger.js';
import { type ConfigDeps, configSection, registerConfigRoutes } from './configRoutes.js';
import type { DashboardEdit, EditResult, GuildState, InProgressView } from './edits.js';
import { afterEdit, formCap, type Guarded, rangeOf } from './forms.js';
import { inProgressSection } from './inProgress.js';
import { type Words, wordsFor } from './language.js';
import { type FormError, type FormName, guildPage, refusedPage } from './pages.js';
import { type PlanDeps, planSection, planView } from './planSection.js';
import { type RoleDeps, registerRoleRoutes, roleSection } from './roleRoutes.js';
import { isSnowflake } from './security.js';
import { type DashboardDeps, manageableIn, type Signed } from './server.js';
import { registerServiceKeyRoutes, type ServiceKeyDeps, serviceKeySection } from './serviceKeyRoutes.js';

export interface GuildDeps extends RoleDeps, ConfigDeps, ServiceKeyDeps, PlanDeps {
  readonly ledger: Ledger;
  /** Applies an edit in the server's owning process (owners.ts). */
  readonly edit: (guildId: string, edit: DashboardEdit) => Promise<EditResult>;
  /** The server's settings, as its owning process last wrote them. */
  readonly guildState: (guildId: string) => Promise<GuildState>;
  readonly inProgress: (guildId: string) => Promise<InProgressView | undefined>;
  readonly currency: string;
  /** Members' names (names.ts), for the first ones of `ids`. */
  readonly userNames: (ids: readonly string[]) => Promise<Map<string, string>>;
  /** A channel's name where this process knows it. */
  readonly channelName: (id: string) => string | undefined;
}

const top = (
  record: Record<string, { requests: number; costMicros: number }>,
  name: (id: string) => string,
) =>
  Object.entries(record)
    .map(([id, totals]) => ({ name: name(id), requests: totals.requests, costMicros: totals.costMicros }))
    .sort((a, b) => b.costMicros - a.costMicros);

export function registerGuildRoutes(
  app: FastifyInstance,
  deps: DashboardDeps & GuildDeps,
  auth: {
    signedIn(request: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
    writeAllowed(request: FastifyRequest, signed: Signed): boolean;
  },
): void {
  /** A 403 page in the viewer's words: why, and the way back to the server list. */
  const refused = (signed: Signed, words: Words, why: 'forbiddenServer' | 'staleForm') =>
    refusedPage(
      { title: words.t('product'), words, who: { name: signed.session.userName, csrf: signed.session.csrf } },
      words.t(why),
    );

  /** The session and guild of a request, or undefined after answering 401/403. */
  async function guard(request: FastifyRequest, reply: FastifyReply) {
    const signed = await auth.signedIn(request, reply);
    if (!signed) {
      if (request.method === 'GET' && /\btext\/html\b/.test(request.headers.accept ?? ''))
        void reply.redirect(`/auth/login?next=${encodeURIComponent(request.url)}`, 303);
      else void reply.code(401).type('text/plain').send('not signed in');
      return undefined;
    }
    const { id } = request.params as { id: string };
    const words = wordsFor(request);
    if (!isSnowflake(id) || !manageableIn(signed.session, id, deps.botIn)) {
      void reply
        .code(403)
        .type('text/html')
        .send(refused(signed, words, 'forbiddenServer'));
      return undefined;
    }
    const name = signed.session.guilds.find((guild) => guild.id === id)?.name ?? id;
    return { signed, guild: { id, name }, words };
  }

  type Found = NonNullable<Awaited<ReturnType<typeof guard>>>;
  /** The server's own key as the section shows it: never the key, who set it by name. */
  async function keyView(guildId: string) {
    const info = await deps.serviceKeys?.info(guildId);
    const names = info ? await deps.userNames([info.setBy]) : undefined;
    return { available: deps.serviceKeys !== undefined, info, setByName: names?.get(info?.setBy ?? '') };
  }
  /** The server's page for a range (`query`), with a refused form shown again if any. */
  async function render(found: Found, query: Record<string, unknown>, formError?: FormError) {
    const { signed, guild, words } = found;
    const now = deps.now();
    const asked = rangeOf(query, now);
    const range = typeof asked === 'string' ? (rangeOf({}, now) as { from: string; to: string }) : asked;
    const w: Words['t'] = (key, values) => words.t(key, values);
    const summary = await deps.ledger.summary(guild.id, range.from, range.to);
    const channels: Record<string, { requests: number; costMicros: number }> = {};
    for await (const entries of deps.ledger.entryPages(guild.id, range.from, range.to))
      for (const entry of entries) {
        const slot = channels[entry.channelId] ?? { requests: 0, costMicros: 0 };
        channels[entry.channelId] = {
          requests: slot.requests + 1,
          costMicros: slot.costMicros + entry.costMicros,
        };
      }
    const state = await deps.guildState(guild.id);
    const settings = state.budget;
    const who = { name: signed.session.userName, csrf: signed.session.csrf };
    const { rules } = state;
    const spenders = top(summary.byUser, (id) => id);
    const names = await deps.userNames(spenders.map((row) => row.name));
    const roles = deps.roles(guild.id);
    const roleName = (id: string) => `@${roles.find((role) => role.id === id)?.name ?? id}`;
    const byRole = [
      ...top(summary.byRole, roleName),
      ...(summary.requests > 0 ? [{ name: w('noRoleWithRule'), ...summary.noRole }] : []),
    ];
    const running = await deps.inProgress(guild.id);
    const runners = await deps.userNames([...new Set(running?.requests.map((request) => request.userId))]);
    const channelLabel = (id: string) => (deps.channelName(id) ? `#${deps.channelName(id)}` : id);
    const html = guildPage(
      { title: guild.name, who, words },
      {
        guild,
        ...range,
        currency: deps.currency,
        totalMicros: summary.costMicros,
        requests: summary.requests,
        byDay: summary.byDay,
        byModel: top(summary.byModel, (id) => id),
        byMember: spenders.map((row) => ({ ...row, name: names.get(row.name) ?? row.name })),
        byChannel: top(channels, channelLabel),
        byRole,
        monthlyCapMicros: settings.monthlyCapMicros,
        dailyUserCapMicros: settings.dailyUserCapMicros,
        monthSpentMicros: await deps.ledger.monthSpendMicros(guild.id, now),
        ...(query.saved === '1' && { notice: w('saved') }),
        ...(query.saved === 'pending' && { notice: w('sentNotConfirmed') }),
        ...(formError && { formError }),
      },
      inProgressSection(
        running,
        `/guilds/${guild.id}?from=${range.from}&to=${range.to}&read=${running?.at ?? now}`,
        {
          user: (id) => runners.get(id) ?? id,
          channel: channelLabel,
        },
        words,
      ) +
        configSection(guild.id, state.config, deps.channels?.(guild.id) ?? [], who.csrf, formError, words) +
        roleSection(guild.id, rules, roles, who.csrf, deps.currency, formError, words) +
        serviceKeySection(guild.id, await keyView(guild.id), who.csrf, formError, words) +
        planSection(await planView(deps, guild.id, now), words),
    );
    return html;
  }

  app.get('/guilds/:id', async (request, reply) => {
    const found = await guard(request, reply);
    if (!found) return reply;
    const query = request.query as Record<string, unknown>;
    const range = rangeOf(query, deps.now());
    // A range that cannot be read: this month's page, the range form saying why, as typed.
    if (typeof range === 'string')
      return reply
        .code(400)
        .type('text/html')
        .send(await render(found, {}, { form: 'range', error: found.words.t(range), body: query }));
    return reply.type('text/html').send(await render(found, query));
  });

  app.get('/guilds/:id/usage.csv', async (request, reply) => {
    const found = await guard(request, reply);
    if (!found) return reply;
    const range = rangeOf(request.query as Record<string, unknown>, deps.now());
    if (typeof range === 'string') return reply.code(400).type('text/plain').send(found.words.t(range));
    const pages = deps.ledger.entryPages(found.guild.id, range.from, range.to);
    // Rows are read a page at a time as the client takes them: never the whole range in memory.
    const rows = Readable.from(
      (async function* () {
        yield CSV_HEADER;
        for await (const entries of pages) for (const entry of entries) yield entryRow(entry);
      })(),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="usage-${range.from}-to-${range.to}.csv"`)
      .send(rows);
  });

  /** A write's guard: the server's, then the CSRF token and Origin (403 otherwise). */
  async function guardWrite(
    request: FastifyRequest,
    reply: FastifyReply,
    form: FormName,
  ): Promise<(Found & Guarded) | undefined> {
    const found = await guard(request, reply);
    if (!found) return undefined;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const refuse = async (error: string) =>
      reply
        .code(400)
        .type('text/html')
        .send(await render(found, {}, { form, error, body }));
    if (auth.writeAllowed(request, found.signed)) return { ...found, guildId: found.guild.id, refuse };
    void reply
      .code(403)
      .type('text/html')
      .send(refused(found.signed, found.words, 'staleForm'));
    return undefined;
  }
  registerRoleRoutes(app, deps, guardWrite);
  registerConfigRoutes(app, deps, guardWrite);
  registerServiceKeyRoutes(app, deps, guardWrite);

  app.post('/guilds/:id/budget', async (request, reply) => {
    const found = await guardWrite(request, reply, 'budget');
    if (!found) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const monthly = formCap(body.monthly);
    const daily = formCap(body.daily_per_member);
    if (monthly === 'invalid' || daily === 'invalid') return found.refuse(found.words.t('capsInvalid'));
    const result = await deps.edit(found.guild.id, {
      kind: 'budget',
      patch: { monthlyCapMicros: monthly, dailyUserCapMicros: daily },
    });
    return afterEdit(reply, found, result);
  });
}
