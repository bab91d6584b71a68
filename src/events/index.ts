import { clientError, clientWarning, shardDisconnect } from './diagnostics.js';
import type { Event } from './event.js';
import { interactionCreate } from './interactionCreate.js';
import { messageCreate } from './messageCreate.js';
import { roleDelete } from './roleDelete.js';

/** Every gateway event the bot listens to, explicitly. */
export const events: readonly Event[] = [
  interactionCreate,
  messageCreate,
  roleDelete,
  clientError,
  clientWarning,
  shardDisconnect,
];
