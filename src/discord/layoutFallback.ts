/**
 * When Discord refuses a message in the V2 layout (Invalid Form Body, its errors naming the
 * components), the message goes out in the classic layout instead and the reply stays classic to
 * its end: the member loses nothing. The first refusal is logged with Discord's errors (a
 * component Discord changed its rules for is the operator's to hear about, once); every one is
 * counted in `bot_components_v2_refused_total`.
 */
import { DiscordAPIError } from 'discord.js';
import type { Logger } from '../lib/logger.js';
import type { Metrics } from '../ops/metrics.js';

/** Discord's "Invalid Form Body". */
const INVALID_FORM_BODY = 50035;

export interface LayoutFallback {
  /** Whether `error` is Discord refusing a V2 payload's components (logged and counted when so). */
  refused(error: unknown): boolean;
}

/** Whether Discord refused the request's components (a form error under `components`, or `flags`). */
export function isComponentsRefusal(error: unknown): boolean {
  if (!(error instanceof DiscordAPIError) || error.code !== INVALID_FORM_BODY) return false;
  const errors = (error.rawError as { errors?: Record<string, unknown> }).errors ?? {};
  return 'components' in errors || 'flags' in errors;
}

export function createLayoutFallback(deps: {
  readonly logger: Pick<Logger, 'warn'>;
  readonly metrics: Pick<Metrics, 'componentsRefused'>;
}): LayoutFallback {
  let logged = false;
  return {
    refused(error) {
      if (!isComponentsRefusal(error)) return false;
      deps.metrics.componentsRefused();
      if (!logged) {
        logged = true;
        const errors = ((error as DiscordAPIError).rawError as { errors?: unknown }).errors;
        deps.logger.warn(
          { errors },
          'Discord refused a message in the V2 layout: it went out in the classic layout (logged once; counted in bot_components_v2_refused_total)',
        );
      }
      return true;
    },
  };
}
