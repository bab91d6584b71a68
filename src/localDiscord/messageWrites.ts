/**
 * The bodies of the message writes the bot makes (newest MESSAGE_WRITES_KEPT), each named by the
 * operation of Discord's OpenAPI description it is, so tests can check them against its request
 * schema (test/helpers/jsonSchema.ts v2WriteProblems).
 */
import type { DiscordState } from './state.js';

/** The message writes Discord's OpenAPI description names, by route: what `messageWrites` records. */
function writeOperation(method: string, segments: readonly string[]): string | undefined {
  const [first, , , fourth, fifth] = segments;
  if (method === 'POST' && first === 'interactions' && fourth === 'callback')
    return 'create_interaction_response';
  if (first === 'webhooks' && method === 'POST' && segments.length === 3) return 'execute_webhook';
  if (first === 'webhooks' && method === 'PATCH' && fourth === 'messages')
    return fifth === '@original' ? 'update_original_webhook_message' : 'update_webhook_message';
  if (first === 'channels' && segments[2] === 'messages' && method === 'POST' && segments.length === 3)
    return 'create_message';
  if (first === 'channels' && segments[2] === 'messages' && method === 'PATCH' && segments.length === 4)
    return 'update_message';
  return undefined;
}

/** The newest message writes kept (tests check them against Discord's OpenAPI description). */
export const MESSAGE_WRITES_KEPT = 2000;

export function recordMessageWrite(
  discord: DiscordState,
  method: string,
  segments: readonly string[],
  json: Record<string, unknown>,
): void {
  const operation = writeOperation(method, segments);
  if (!operation) return;
  discord.messageWrites.push({ operation, body: json });
  if (discord.messageWrites.length > MESSAGE_WRITES_KEPT) discord.messageWrites.shift();
}
