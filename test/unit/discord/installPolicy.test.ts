import { describe, expect, it } from 'vitest';
import { commandData } from '../../../commands/index.js';
import { registrationJson, USER_INSTALLABLE } from '../../../src/discord/installPolicy.js';
import { localizeCommand } from '../../../src/i18n/commandLocalizations.js';

const byName = (policy: { userInstall: boolean; guildScoped: boolean }) =>
  new Map(commandData.map((data) => [data.name, registrationJson(data, policy)]));

describe('install policy', () => {
  it('offers /ask, /imagine and /reset to members’ accounts, everywhere', () => {
    const registered = byName({ userInstall: true, guildScoped: false });
    for (const name of ['ask', 'imagine', 'reset']) {
      expect(registered.get(name)).toMatchObject({ integration_types: [0, 1], contexts: [0, 1, 2] });
    }
  });

  it('keeps the admin commands to servers that added the bot', () => {
    const registered = byName({ userInstall: true, guildScoped: false });
    for (const name of ['config', 'budget', 'usage', 'system']) {
      expect(registered.get(name)).toMatchObject({ integration_types: [0], contexts: [0] });
      expect(USER_INSTALLABLE.has(name)).toBe(false);
    }
  });

  it('registers guild install only with USER_INSTALL=false, each command with its own contexts', () => {
    const registered = byName({ userInstall: false, guildScoped: false });
    for (const data of commandData) {
      expect(registered.get(data.name)).toEqual({
        ...localizeCommand(data),
        integration_types: [0],
      });
    }
  });

  it('registers commands of one server (COMMAND_GUILD_ID) as guild install: Discord applies installs to global commands only', () => {
    const registered = byName({ userInstall: true, guildScoped: true });
    expect(registered.get('ask')).toMatchObject({ integration_types: [0], contexts: [0, 1] });
  });

  it('always sends integration_types, so the developer portal’s defaults never decide', () => {
    for (const policy of [
      { userInstall: true, guildScoped: false },
      { userInstall: false, guildScoped: false },
      { userInstall: true, guildScoped: true },
    ]) {
      for (const json of byName(policy).values()) expect(json.integration_types.length).toBeGreaterThan(0);
    }
  });
});
