/**
 * Where each command can be installed and used, applied to its registration JSON in one place
 * (the command files say what a command is; this says where it is offered). Discord's fields:
 * `integration_types` (0 GUILD_INSTALL: a server added the app; 1 USER_INSTALL: a member added it
 * to their own account) and `contexts` (0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL: group DMs and DMs
 * between users). Both apply only to global commands.
 *
 * A member alone can use /ask, /imagine and /reset anywhere (a server that added the bot, the
 * bot's DM, a group DM, a DM with a friend, a server without the bot). The admin commands (/config,
 * /budget, /usage, /system) act on a server that added the bot, so they stay guild install, in
 * servers only (or where their own `contexts` say). USER_INSTALL=false registers guild install
 * only, everything as before.
 */
import { ApplicationIntegrationType, InteractionContextType } from 'discord.js';
import { localizeCommand } from '../i18n/commandLocalizations.js';

/**
 * The commands a member may install to their own account. "Summarize from here" is not one: it
 * reads the channel with the bot token, which reaches only channels the bot is in.
 */
export const USER_INSTALLABLE: ReadonlySet<string> = new Set([
  'ask',
  'imagine',
  'reset',
  'Ask about this message',
]);

export interface InstallPolicy {
  /** USER_INSTALL: the commands above are also offered to members' accounts. */
  readonly userInstall: boolean;
  /** Registered in one server (COMMAND_GUILD_ID): such commands are guild install only. */
  readonly guildScoped: boolean;
}

const GUILD_INSTALL_ONLY = [ApplicationIntegrationType.GuildInstall];
const BOTH_INSTALLS = [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall];
const EVERY_CONTEXT = [
  InteractionContextType.Guild,
  InteractionContextType.BotDM,
  InteractionContextType.PrivateChannel,
];

type Registrable = {
  readonly name: string;
  readonly contexts?: readonly InteractionContextType[] | null | undefined;
};

/**
 * The command's JSON as registered: always with explicit `integration_types` (Discord would
 * otherwise default to whatever the developer portal's installation settings say), and for a
 * user-installable command under USER_INSTALL, every context; with the localizations of every
 * shipped language (i18n/commandLocalizations.ts).
 */
export function registrationJson<T extends Registrable>(
  data: T,
  policy: InstallPolicy,
): T & { integration_types: ApplicationIntegrationType[] } {
  const localized = localizeCommand(data);
  if (policy.userInstall && !policy.guildScoped && USER_INSTALLABLE.has(data.name)) {
    return { ...localized, integration_types: [...BOTH_INSTALLS], contexts: [...EVERY_CONTEXT] };
  }
  return { ...localized, integration_types: [...GUILD_INSTALL_ONLY] };
}
