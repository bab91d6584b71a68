/**
 * When the service refuses a server's own key, its admins hear it once, in the channel where the
 * bot posts their budget alerts (`/budget alerts`): the member who asked is told privately at
 * once (chat/turn.ts, images/imagine.ts); the admins, who can fix it, get one note per key.
 */
import type { Translator } from '../i18n/translator.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { ServiceKeys } from './serviceKeys.js';

export interface ServiceKeyAlertDeps {
  readonly serviceKeys: Pick<ServiceKeys, 'markRefused'>;
  /** The server's alert channel (`/budget alerts`), or null when it set none. */
  readonly alertChannel: (guildId: string) => Promise<string | null>;
  /** Posts a bot message in a channel (never a ping). */
  /** Posts an alert for the server's admins in `channelId` (in the server's layout). */
  readonly notify: (channelId: string, content: string, guildId: string) => Promise<void>;
  readonly clock: Pick<Clock, 'now'>;
  readonly logger: Pick<Logger, 'warn'>;
}

/** Tells the admins once per key that the service refused it; `t`: the server's words. */
export async function announceServiceKeyRefused(
  deps: ServiceKeyAlertDeps,
  guildId: string,
  status: number | undefined,
  t: Translator,
): Promise<void> {
  try {
    const info = await deps.serviceKeys.markRefused(guildId, deps.clock.now());
    if (!info) return;
    const channelId = await deps.alertChannel(guildId);
    if (channelId === null) {
      deps.logger.warn(
        { guildId },
        "service key: the service refused this server's own key; it has no alert channel to say so",
      );
      return;
    }
    await deps.notify(
      channelId,
      t.t('config.serviceKeyRefusedAlert', { last4: info.last4 || '····', status: String(status ?? '?') }),
      guildId,
    );
  } catch (error) {
    // The member was told already; the admins' note is worth a log line, not a failed request.
    deps.logger.warn({ err: error, guildId }, 'service key: could not tell the admins their key was refused');
  }
}
