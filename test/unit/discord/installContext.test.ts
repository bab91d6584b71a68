import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { installContext, privateConversationId } from '../../../src/discord/installContext.js';

const bits = (...set: bigint[]) => ({ has: (bit: bigint) => set.includes(bit) });
const owners = (guildId: string | null, userId: string | null) => ({ guildId, userId });
const member = bits(PermissionFlagsBits.UseExternalApps);
const app = bits(PermissionFlagsBits.AttachFiles);

describe('install context', () => {
  it('a server that added the app: today’s bot, no limits', () => {
    const here = installContext({
      authorizingIntegrationOwners: owners('1', '7'),
      context: 0,
      guildId: '1',
      appPermissions: app,
      memberPermissions: bits(),
    });
    expect(here).toEqual({
      place: 'server',
      userInstalled: false,
      botPresent: true,
      followUpLimit: undefined,
      forcedPrivate: false,
      canAttach: true,
    });
  });

  it('a server without the bot: through the interaction only, 5 follow-ups', () => {
    const here = installContext({
      authorizingIntegrationOwners: owners(null, '7'),
      context: 0,
      guildId: '1',
      appPermissions: app,
      memberPermissions: member,
    });
    expect(here).toMatchObject({ place: 'server', userInstalled: true, botPresent: false, followUpLimit: 5 });
    expect(here.forcedPrivate).toBe(false);
  });

  it('private replies where Discord forces them: no Use External Apps, and only where the server did not add the app', () => {
    const without = { appPermissions: app, memberPermissions: bits(), context: 0, guildId: '1' };
    expect(
      installContext({ ...without, authorizingIntegrationOwners: owners(null, '7') }).forcedPrivate,
    ).toBe(true);
    expect(installContext({ ...without, authorizingIntegrationOwners: owners('1', '7') }).forcedPrivate).toBe(
      false,
    );
  });

  it('a group DM or a DM between users: user installed, the bot absent, whatever the owners say', () => {
    const here = installContext({
      authorizingIntegrationOwners: owners(null, '7'),
      context: 2,
      guildId: null,
      appPermissions: bits(),
      memberPermissions: null,
    });
    expect(here).toMatchObject({
      place: 'private',
      userInstalled: true,
      botPresent: false,
      canAttach: false,
    });
  });

  it('the bot’s DM: present either way; the follow-up limit only when installed to the member alone', () => {
    const guildInstalled = installContext({ authorizingIntegrationOwners: owners('0', null), context: 1 });
    expect(guildInstalled).toMatchObject({ place: 'botDm', userInstalled: false, botPresent: true });
    expect(guildInstalled.followUpLimit).toBeUndefined();
    const userInstalled = installContext({ authorizingIntegrationOwners: owners(null, '7'), context: 1 });
    expect(userInstalled).toMatchObject({
      place: 'botDm',
      userInstalled: true,
      botPresent: true,
      followUpLimit: 5,
    });
  });

  it('an interaction without owners or context counts as the server’s (as before)', () => {
    expect(installContext({ guildId: '1' })).toMatchObject({
      place: 'server',
      userInstalled: false,
      botPresent: true,
    });
    expect(installContext({ guildId: null })).toMatchObject({ place: 'botDm', botPresent: true });
  });

  it('a private conversation is the member’s own in that channel, named once', () => {
    const id = privateConversationId('123', '7');
    expect(id).toBe('123-only-7');
    expect(privateConversationId(id, '7')).toBe(id);
  });
});
