/**
 * The `/config features` and `/config channels` settings on a server's page: a form with the
 * four switches (worded as /config's options) and where the bot answers (everywhere, or the
 * channels ticked), and its write, POST /guilds/:id/config, behind the same checks as every
 * write (guildRoutes.ts guardWrite: session, Manage Server, CSRF token and Origin). The edit
 * goes to the server's owning process like /config's (edits.ts, kind 'config').
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GuildConfig } from '../settings/resolve.js';
import type { DashboardConfigPatch, DashboardEdit, EditResult, GuildState } from './edits.js';
import { afterEdit, type Guarded } from './forms.js';
import { esc } from './html.js';
import { type WordKey, type Words, wordsFor, wordsIn } from './language.js';
import { type FormError, type FormName, formErrorLine, typed } from './pages.js';
import { isSnowflake } from './security.js';

export interface ConfigDeps {
  readonly edit: (guildId: string, edit: DashboardEdit) => Promise<EditResult>;
  readonly guildState: (guildId: string) => Promise<GuildState>;
  /**
   * The server's channels the bot may answer in (channels.ts guildChannels), as this process
   * knows them; absent or empty: the page offers only "everywhere" and the channels already listed.
   */
  readonly channels?: (guildId: string) => readonly { id: string; name: string }[];
}

type Feature =
  | 'showCost'
  | 'showContext'
  | 'answerMentions'
  | 'fallback'
  | 'answerInLanguage'
  | 'classicLayout';

/** The switches: form field (as /config features' option), setting, and /config's wording. */
export const FEATURES: readonly { field: string; key: Feature; label: WordKey }[] = [
  { field: 'cost_line', key: 'showCost', label: 'featureCost' },
  { field: 'context_line', key: 'showContext', label: 'featureContext' },
  { field: 'answer_mentions', key: 'answerMentions', label: 'featureMentions' },
  { field: 'fallback', key: 'fallback', label: 'featureFallback' },
  { field: 'answer_in_language', key: 'answerInLanguage', label: 'featureLanguage' },
  { field: 'classic_layout', key: 'classicLayout', label: 'featureClassicLayout' },
];

/** Discord's most channels in one server: the list never needs more. */
export const MAX_CHANNELS = 500;

/**
 * The channels offered: the server's, by name, then any listed now that this process does not
 * see (a deleted channel, or the server is another process's), named as such, never by id.
 */
function offered(config: GuildConfig, known: readonly { id: string; name: string }[]) {
  const ids = new Set(known.map((channel) => channel.id));
  const kept = (config.allowedChannels ?? []).filter((id) => !ids.has(id));
  return [
    ...known.map((channel) => ({ ...channel, known: true })),
    ...kept.map((id) => ({ id, name: id, known: false })),
  ];
}

/** The settings section of a server's page. */
export function configSection(
  guildId: string,
  config: GuildConfig,
  known: readonly { id: string; name: string }[],
  csrf: string,
  formError?: FormError,
  words: Words = wordsIn('en'),
): string {
  const w = (key: WordKey) => esc(words.t(key));
  const checked = (on: boolean) => (on ? ' checked' : '');
  // A refused form comes back as the admin left it; otherwise as the settings are.
  const sent = formError?.form === 'config' ? formError.body : undefined;
  const switches = FEATURES.map(
    ({ field, key, label }) =>
      `<label><input type="checkbox" name="${field}" value="on"${checked(sent ? sent[field] === 'on' : config[key])}> <code>${field}</code>: ${w(label)}</label><br>`,
  ).join('\n');
  const everywhere = sent ? typed(sent, 'where') === 'everywhere' : config.allowedChannels === null;
  const listed = new Set(sent ? fieldList(sent.channels) : (config.allowedChannels ?? []));
  const boxes = offered(config, known)
    .map(
      (channel) =>
        `<label><input type="checkbox" name="channels" value="${esc(channel.id)}"${checked(listed.has(channel.id))}> ${channel.known ? `#${esc(channel.name)}` : `<i>${w('channelGone')}</i>`}</label>`,
    )
    .join(' ');
  const unknown =
    known.length === 0 ? `<p id="channels-unknown" class="note">${w('channelsUnknown')}</p>` : '';
  return `<section id="config"><h2>${w('features')}</h2>
<form id="config-form" method="post" action="/guilds/${esc(guildId)}/config"><input type="hidden" name="_csrf" value="${esc(csrf)}">${formErrorLine(formError, 'config')}
${switches}
<h3>${w('where')}</h3>
<label><input type="radio" name="where" value="everywhere"${checked(everywhere)}> ${w('everywhere')}</label><br>
<label><input type="radio" name="where" value="listed"${checked(sent ? typed(sent, 'where') === 'listed' : !everywhere)}> ${w('listedOnly')}</label><br>
<div id="channel-list">${boxes}</div>${unknown}
<button id="save-config">${w('save')}</button></form><p class="note">${w('configNote')}</p></section>`;
}

const fieldList = (value: unknown): unknown[] => ([] as unknown[]).concat(value ?? []);

/** The patch a posted form asks for, or why it cannot be applied (every field checked). */
export function configPatch(
  body: Record<string, unknown>,
  config: GuildConfig,
  known: readonly { id: string; name: string }[],
  words: Words = wordsIn('en'),
): DashboardConfigPatch | string {
  const switches: Partial<Record<Feature, boolean>> = {};
  for (const { field, key } of FEATURES) {
    const value = body[field];
    if (value !== undefined && value !== 'on') return words.t('notACheckbox', { field });
    switches[key] = value === 'on';
  }
  if (body.where !== 'everywhere' && body.where !== 'listed') return words.t('chooseWhere');
  const picked = fieldList(body.channels);
  if (picked.length > MAX_CHANNELS) return words.t('tooManyChannels', { max: MAX_CHANNELS });
  const allowed = new Set(offered(config, known).map((channel) => channel.id));
  if (!picked.every((id) => isSnowflake(id) && allowed.has(id))) return words.t('unknownChannel');
  return {
    ...switches,
    allowedChannels: body.where === 'everywhere' ? null : [...new Set(picked as string[])],
  };
}

export function registerConfigRoutes(
  app: FastifyInstance,
  deps: ConfigDeps,
  guarded: (request: FastifyRequest, reply: FastifyReply, form: FormName) => Promise<Guarded | undefined>,
): void {
  app.post('/guilds/:id/config', async (request, reply) => {
    const found = await guarded(request, reply, 'config');
    if (!found) return reply;
    const { config } = await deps.guildState(found.guildId);
    const patch = configPatch(
      (request.body ?? {}) as Record<string, unknown>,
      config,
      deps.channels?.(found.guildId) ?? [],
      wordsFor(request),
    );
    if (typeof patch === 'string') return found.refuse(patch);
    return afterEdit(reply, found, await deps.edit(found.guildId, { kind: 'config', patch }));
  });
}
