import { GuildMember, type RepliableInteraction } from 'discord.js';

/** The name members see: guild nickname, else global display name, else username. */
export function speakerName(interaction: RepliableInteraction): string {
  const member = interaction.member;
  if (member instanceof GuildMember) return member.displayName;
  if (member && typeof member.nick === 'string' && member.nick !== '') return member.nick;
  return interaction.user.displayName;
}
