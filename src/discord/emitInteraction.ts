/**
 * Emits an interaction that arrived over HTTP exactly as discord.js emits one from the gateway:
 * through its INTERACTION_CREATE action, which builds the right interaction class (command,
 * button, form…) and emits `interactionCreate`. The action is discord.js's internal entry for a
 * gateway packet's payload; there is no public one for a payload from elsewhere.
 */
import type { Client } from 'discord.js';

interface WithActions {
  readonly actions: { readonly InteractionCreate: { handle(data: unknown): void } };
}

export function emitInteraction(client: Client, interaction: Record<string, unknown>): void {
  (client as unknown as WithActions).actions.InteractionCreate.handle(interaction);
}
