/**
 * A server's own service key on its page, as `/config service-key set|show|clear` has it: a
 * write-only field. The page says whether a key is set, its last four characters, who set it and
 * when, never the key (not even as typed after a refusal); without DATA_ENCRYPTION_KEY it says
 * what the operator must set. POST /guilds/:id/service-key sets it, POST
 * /guilds/:id/service-key/clear removes it, behind the same checks as every write (guildRoutes.ts
 * guardWrite: session, Manage Server, CSRF token and Origin), applied by the server's owning
 * process with the key sealed on the way (serviceKeyEdits.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Seal } from '../lib/seal.js';
import type { ServiceKeyInfo, ServiceKeys } from '../settings/serviceKeys.js';
import { SERVICE_KEY_MAX_LENGTH, serviceKeyProblem } from '../settings/serviceKeys.js';
import { utcDay } from '../spend/records.js';
import type { DashboardEdit, EditResult } from './edits.js';
import { afterEdit, type Guarded } from './forms.js';
import { esc } from './html.js';
import { type WordKey, type Words, wordsIn } from './language.js';
import { type FormError, type FormName, formErrorLine, typed } from './pages.js';
import type { Signed } from './server.js';
import { KEY_INVALID, KEY_UNOPENED, KEYS_NEED_ENCRYPTION, serviceKeySet } from './serviceKeyEdits.js';

export interface ServiceKeyDeps {
  /** Undefined without DATA_ENCRYPTION_KEY. */
  readonly serviceKeys?: Pick<ServiceKeys, 'info'> | undefined;
  /** The seal of keys on their way to the owning process (serviceKeyEdits.ts transitSeal). */
  readonly transit?: Seal | undefined;
  readonly edit: (guildId: string, edit: DashboardEdit) => Promise<EditResult>;
  readonly now: () => number;
}

/** What the section shows: whether keys can be kept, and the key's info (who set it, by name). */
export interface ServiceKeyView {
  readonly available: boolean;
  readonly info: ServiceKeyInfo | undefined;
  readonly setByName: string | undefined;
}

export function serviceKeySection(
  guildId: string,
  view: ServiceKeyView,
  csrf: string,
  formError?: FormError,
  words: Words = wordsIn('en'),
): string {
  const w = (key: WordKey, values?: Record<string, string>) => esc(words.t(key, values));
  const title = `<h2>${w('serviceKey')}</h2>`;
  // A key sent anyway (a page opened before the operator removed the setting) says why here.
  const sentAnyway = formErrorLine(formError, 'service-key') + formErrorLine(formError, 'service-key-clear');
  if (!view.available)
    return `<section id="service-key">${title}${sentAnyway}<p id="service-key-unavailable" class="note">${w('keyNeedsEncryption')}</p></section>`;
  const { info } = view;
  const state = info
    ? w('keySet', {
        last4: info.last4 || '····',
        user: view.setByName ?? info.setBy,
        day: words.formats.day(utcDay(info.setAt)),
        time: words.formats.time(info.setAt),
      })
    : w('keyNone');
  const hidden = `<input type="hidden" name="_csrf" value="${esc(csrf)}">`;
  const action = `/guilds/${esc(guildId)}/service-key`;
  // Never a value: the field is empty on every page, a refused one included.
  const set = `<form id="service-key-form" method="post" action="${action}">${hidden}${formErrorLine(formError, 'service-key')}
<label>${w('keyLabel')} <input type="password" name="key" autocomplete="off" spellcheck="false" maxlength="${SERVICE_KEY_MAX_LENGTH}" required></label>
<button id="save-service-key">${w('saveKey')}</button></form>`;
  const clear = info
    ? `<form id="service-key-clear" method="post" action="${action}/clear">${hidden}${formErrorLine(formError, 'service-key-clear')}<button id="clear-service-key">${w('clearKey')}</button></form>`
    : '';
  return `<section id="service-key">${title}<p id="service-key-state">${state}</p>
${set}${clear}<p class="note">${w('keyNote')}</p></section>`;
}

/** The owner's refusals (serviceKeyEdits.ts), in the viewer's words. */
const REFUSALS: Readonly<Record<string, WordKey>> = {
  [KEYS_NEED_ENCRYPTION]: 'keyNeedsEncryption',
  [KEY_UNOPENED]: 'keyUnopened',
  [KEY_INVALID]: 'keyInvalid',
};

export function registerServiceKeyRoutes(
  app: FastifyInstance,
  deps: ServiceKeyDeps,
  guarded: (
    request: FastifyRequest,
    reply: FastifyReply,
    form: FormName,
  ) => Promise<(Guarded & { readonly signed: Signed }) | undefined>,
): void {
  const after = async (reply: FastifyReply, found: Guarded, result: EditResult) => {
    const known = result.ok ? undefined : REFUSALS[result.error];
    return known ? found.refuse(found.words.t(known)) : afterEdit(reply, found, result);
  };

  app.post('/guilds/:id/service-key', async (request, reply) => {
    const found = await guarded(request, reply, 'service-key');
    if (!found) return reply;
    const { transit } = deps;
    if (!deps.serviceKeys || !transit) return found.refuse(found.words.t('keyNeedsEncryption'));
    // As the form in Discord takes it: trimmed, then checked; the key itself goes nowhere else.
    const key = typed((request.body ?? {}) as Record<string, unknown>, 'key').trim();
    if (serviceKeyProblem(key) !== undefined) return found.refuse(found.words.t('keyInvalid'));
    const edit = serviceKeySet(transit, found.guildId, key, found.signed.session.userId, deps.now());
    return after(reply, found, await deps.edit(found.guildId, edit));
  });

  app.post('/guilds/:id/service-key/clear', async (request, reply) => {
    const found = await guarded(request, reply, 'service-key-clear');
    if (!found) return reply;
    if (!deps.serviceKeys || !deps.transit) return found.refuse(found.words.t('keyNeedsEncryption'));
    return after(reply, found, await deps.edit(found.guildId, { kind: 'service-key-clear' }));
  });
}
