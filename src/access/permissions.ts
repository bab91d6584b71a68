/**
 * Who may do what. Discord hides admin commands from members without the permission
 * (`default_member_permissions`), but server admins can override that per server, so every
 * handler checks again with these.
 */
import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
  PermissionFlagsBits,
} from 'discord.js';

type Asking = ChatInputCommandInteraction | ButtonInteraction | ModalSubmitInteraction;

/** Manage Messages in the channel: moderators may stop, regenerate and reroll others' requests. */
export function canManageMessages(interaction: Asking): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
}

/** Manage Server: /config (and its forms), /usage and /budget. */
export function canManageGuild(interaction: Asking): boolean {
  return (
    interaction.inGuild() && (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false)
  );
}
