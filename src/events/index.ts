import { createDiagnostics } from './diagnostics.js';
import { createEntitlementEvents } from './entitlements.js';
import type { Event } from './event.js';
import { createInteractionCreate } from './interactionCreate.js';
import { createMessageCreate } from './messageCreate.js';
import { createRoleDelete } from './roleDelete.js';

/** What the event handlers read together: each factory's argument lists only what that handler reads. */
export type EventDeps = Parameters<typeof createInteractionCreate>[0] &
  Parameters<typeof createMessageCreate>[0] &
  Parameters<typeof createRoleDelete>[0] &
  Parameters<typeof createEntitlementEvents>[0] &
  Parameters<typeof createDiagnostics>[0];

/** Every gateway event the bot listens to, explicitly. */
export function createEvents(deps: EventDeps): readonly Event[] {
  return [
    createInteractionCreate(deps),
    createMessageCreate(deps),
    createRoleDelete(deps),
    ...createEntitlementEvents(deps),
    ...createDiagnostics(deps),
  ] as readonly Event[];
}
