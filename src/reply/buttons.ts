/**
 * Buttons: how every button the bot shows looks, and its custom id `<command>:<action>:<argument>`
 * (Discord allows 100 characters), so a click reaches the command that made it, also after a
 * restart.
 */
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  ButtonStyle,
  ComponentType,
} from 'discord.js';

/** Buttons under a message; undefined in a write leaves them as they are. */
export type MessageComponents = readonly APIActionRowComponent<APIComponentInMessageActionRow>[];

/** A row with one grey button. */
export function buttonRow(
  label: string,
  emoji: string,
  customId: string,
): APIActionRowComponent<APIComponentInMessageActionRow> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label,
        emoji: { name: emoji },
        custom_id: customId,
      },
    ],
  };
}

/** A row holding one button as it is. */
export function rowOf(button: APIButtonComponent): APIActionRowComponent<APIComponentInMessageActionRow> {
  return { type: ComponentType.ActionRow, components: [button] };
}

export function buttonId(command: string, action: string, argument: string): string {
  return `${command}:${action}:${argument}`;
}

export function parseButtonId(customId: string): { command: string; action: string; argument: string } {
  const [command = '', action = '', ...rest] = customId.split(':');
  return { command, action, argument: rest.join(':') };
}
