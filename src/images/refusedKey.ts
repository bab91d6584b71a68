import type { Translator } from '../i18n/translator.js';
import type { Logger } from '../lib/logger.js';
import { type RequestEndContext, requestEnded } from '../ops/requestEnd.js';
import type { InteractionWebhook } from '../reply/webhook.js';
import type { ServiceError } from '../service/errors.js';
import type { ImagineInput } from './imagineInput.js';
import { unserved } from './unserved.js';

export type RefusedKeyDeps = RequestEndContext & {
  readonly clock: { now(): number };
  /** Tells a server's admins (once per key) that the service refused its own key. */
  readonly serviceKeyRefused?:
    | ((guildId: string, status: number | undefined, t: Translator) => Promise<void>)
    | undefined;
};

/**
 * The server's own key was refused before any image: nothing was billed, so nothing is charged;
 * the member alone is told (the reply withdrawn), and the admins, who can fix it, once per key.
 */
export async function endRefusedKey(
  deps: RefusedKeyDeps,
  webhook: Pick<InteractionWebhook, 'withdraw'>,
  input: ImagineInput,
  log: Logger,
  error: ServiceError,
  started: number,
): Promise<void> {
  const end = { ...unserved(input, 'refused'), totalMs: deps.clock.now() - started };
  requestEnded(deps, log, end, { refusedBy: 'serviceKey' });
  await webhook.withdraw(`⛔ ${error.describe(input.words.member)}`, undefined, input.layout);
  if (input.guildId) await deps.serviceKeyRefused?.(input.guildId, error.status, input.words.server);
}
