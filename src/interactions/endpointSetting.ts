/**
 * Whether the application's Interactions Endpoint URL (developer portal, General Information)
 * matches how this process expects interactions: Discord sends them either to that URL or over
 * the gateway, never both. A mismatch is the most likely reason a deployment sees no command at
 * all, so it is said at start, in a line an operator can act on. Read once, with the bot token.
 */
import { type APIApplication, type REST, Routes } from 'discord.js';
import type { Logger } from '../lib/logger.js';

export async function checkEndpointSetting(
  rest: Pick<REST, 'get'>,
  endpointConfigured: boolean,
  logger: Pick<Logger, 'warn' | 'info'>,
  /** GATEWAY=on: commands still arrive (over the gateway) while no URL is saved. */
  gateway = true,
): Promise<void> {
  let url: string | null | undefined;
  try {
    url = ((await rest.get(Routes.currentApplication())) as APIApplication).interactions_endpoint_url;
  } catch (error) {
    logger.warn({ err: error }, 'could not read the application to check its Interactions Endpoint URL');
    return;
  }
  const set = typeof url === 'string' && url !== '';
  if (set && !endpointConfigured)
    logger.warn(
      { interactionsEndpointUrl: url },
      'the application has an Interactions Endpoint URL: Discord sends every command there, not over the gateway; clear it in the developer portal, or run workers with INTERACTIONS_PORT (docs/operators.md: Commands over HTTPS)',
    );
  else if (!set && endpointConfigured)
    // Without the gateway nothing at all arrives until it is saved; with it, commands still do.
    logger[gateway ? 'info' : 'warn'](
      gateway
        ? 'no Interactions Endpoint URL saved yet: commands arrive over the gateway until it is (developer portal, General Information)'
        : 'GATEWAY=off but the application has no Interactions Endpoint URL: no command reaches the bot until https://<your host>/interactions is saved in the developer portal (General Information)',
    );
  else if (set) logger.info({ interactionsEndpointUrl: url }, 'interactions arrive over HTTPS');
}
