import { clientError, clientWarning, shardDisconnect } from './diagnostics.js';
import type { Event } from './event.js';
import { interactionCreate } from './interactionCreate.js';
import { messageCreate } from './messageCreate.js';

/** Every gateway event the bot listens to, explicitly. */
export const events: readonly Event[] = [
  interactionCreate,
  messageCreate,
  clientError,
  clientWarning,
  shardDisconnect,
];
