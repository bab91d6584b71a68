import { type APIMessage, type REST, Routes } from 'discord.js';
import { IS_COMPONENTS_V2, withoutButtons } from './layout.js';

/**
 * Removes the buttons from a bot message (an older reply), leaving the rest. A V2 card holds its
 * text in its components: it is read first and written back without its buttons (emptying its
 * components would empty the card). One more request, for V2 replies only.
 */
export async function removeButtons(
  rest: Pick<REST, 'get' | 'patch'>,
  message: { readonly channelId: string; readonly messageId: string; readonly v2?: boolean | undefined },
): Promise<void> {
  const route = Routes.channelMessage(message.channelId, message.messageId);
  if (!message.v2) {
    await rest.patch(route, { body: { components: [] } });
    return;
  }
  const shown = (await rest.get(route)) as APIMessage;
  const v2 = ((shown.flags ?? 0) & IS_COMPONENTS_V2) !== 0; // a reply Discord refused V2 for is classic
  await rest.patch(route, { body: { components: v2 ? withoutButtons(shown.components ?? []) : [] } });
}
