/**
 * A server's own service key end to end (issue 31): `/config service-key set|show|clear` through
 * the local Discord (the key typed in a form), kept sealed in the store, used as the bearer token
 * of that server's chat and image requests (ledger entries `paidBy: 'serverKey'`) and of no one
 * else's; a refused key withdraws the reply and tells the member alone, charging nothing; the key
 * never reaches a log line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSIONS,
  type LocalInteraction,
  type LocalUser,
  MEMBER_PERMISSIONS,
} from '../../src/localDiscord/localDiscord.js';
import { usageScope, utcDay } from '../../src/spend/records.js';
import { type CommandOptions, useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import {
  API_KEY,
  type Harness,
  PLAIN_REPLIES,
  settled,
  waitForIdle,
  waitForReply,
} from '../helpers/harness.js';

const SERVER_KEY = 'sk-server-ABCDEFGH12345678';
const LAST4 = '5678';
/** 32 bytes in hex, as an operator would set it. */
const DATA_ENCRYPTION_KEY = '3f'.repeat(16) + 'a7'.repeat(16);

const today = () => utcDay(Date.now());

/** `/config service-key <sub>` in `harness`'s first guild. */
function serviceKeyCommand(
  harness: Harness,
  subcommand: 'set' | 'show' | 'clear',
  user: LocalUser,
  permissions = ADMIN_PERMISSIONS,
): LocalInteraction {
  return harness.discord.sendCommand({
    name: 'config',
    subcommandGroup: 'service-key',
    subcommand,
    user,
    permissions,
  });
}

describe('without DATA_ENCRYPTION_KEY', () => {
  const plain = useHarness({ guildConfig: PLAIN_REPLIES });

  it('/config service-key set answers privately that the operator has not set it; no form opens', async () => {
    const admin = plain.h.discord.user('sam', 'Sam');
    expect(plain.h.config.dataEncryptionKey).toBeUndefined();
    for (const sub of ['set', 'show', 'clear'] as const) {
      const interaction = serviceKeyCommand(plain.h, sub, admin);
      expect(await plain.ephemeralText(interaction)).toBe(english.t('config.serviceKeyNeedsEncryption'));
      await settled(plain.h, interaction.id);
      expect(interaction.modal).toBeUndefined();
      expect(interaction.callbacks.map((callback) => callback.type)).not.toContain(9);
    }
    expect(english.t('config.serviceKeyNeedsEncryption')).toMatch(/has not set DATA_ENCRYPTION_KEY/);
  });
});

describe('with DATA_ENCRYPTION_KEY', () => {
  const suite = useHarness({
    env: { DATA_ENCRYPTION_KEY },
    // Two guilds (both on the one shard): the second never sets a key.
    discord: { channelCount: 20, guildsPerShard: 2 },
    guildConfig: PLAIN_REPLIES,
    asker: { username: 'ann', globalName: 'Ann' },
  });
  const { h, freshChannel, ephemeralText, ask } = suite;
  let admin: LocalUser;
  let ann: LocalUser;
  beforeAll(() => {
    admin = h.discord.user('sam', 'Sam');
    ann = suite.asker;
  });

  /** The ledger entries of `scope` today for `channelId`, once the bot is done with `interaction`. */
  async function entriesFor(scope: string, channelId: string, interaction: LocalInteraction) {
    await settled(h, interaction.id);
    const entries = await h.running.bot.capabilities.spend.ledger.entries(scope, today(), today());
    return entries.filter((entry) => entry.channelId === channelId);
  }

  /** /ask `prompt` as Ann; waits for the finished echo and for the bot to be done with it. */
  async function askedAndAnswered(options: CommandOptions, extra: Parameters<typeof ask>[1] = {}) {
    const interaction = ask(options, extra);
    await waitForReply(h, interaction, ([text]) => text?.includes(`Echo: Ann: ${options.prompt}`) ?? false);
    await waitForIdle(h);
    await settled(h, interaction.id);
    return interaction;
  }

  /** Every raw value the store holds under `servicekey:`, as text. */
  async function rawServiceKeyRecords(): Promise<Record<string, string>> {
    const records: Record<string, string> = {};
    for await (const page of h.running.store.keys('servicekey:')) {
      for (const key of page) records[key] = JSON.stringify(await h.running.store.get(key));
    }
    return records;
  }

  describe('/config service-key', () => {
    it('set opens a form; the submitted key is saved sealed and only its last four are shown back', async () => {
      const opened = serviceKeyCommand(h, 'set', admin);
      await settled(h, opened.id);
      expect(opened.callbacks.map((callback) => callback.type)).toEqual([9]);
      const modal = opened.modal as NonNullable<LocalInteraction['modal']>;
      expect(modal.customId).toBe('config:service-key:');
      expect(modal.fields).toMatchObject([{ customId: 'key', style: 1 }]);

      const submit = h.discord.submitModal(opened, { key: SERVER_KEY });
      const saved = await ephemeralText(submit);
      expect(saved).toBe(english.t('config.serviceKeySaved', { last4: LAST4 }));
      expect(saved).toContain(`…${LAST4}`);
      expect(saved).not.toContain(SERVER_KEY.slice(0, -4));
      await settled(h, submit.id);

      // Sealed: no clear text of the key in the store's records, nor anywhere in its files.
      const records = await rawServiceKeyRecords();
      expect(Object.keys(records)).toEqual([`servicekey:${h.discord.guildId}`]);
      for (const value of Object.values(records)) {
        expect(value).not.toContain(SERVER_KEY);
        expect(value).not.toContain(SERVER_KEY.slice(0, 12));
        expect(value).toContain(`"last4":"${LAST4}"`);
        expect(value).toContain(`"setBy":"${admin.id}"`);
      }
      for (const file of [h.databasePath, `${h.databasePath}-wal`]) {
        if (existsSync(file)) expect(readFileSync(file).includes(SERVER_KEY)).toBe(false);
      }
    });

    it('show names the last four, who set it and when', async () => {
      const shown = await ephemeralText(serviceKeyCommand(h, 'show', admin));
      const info = await h.running.bot.capabilities.serviceKeys?.info(h.discord.guildId);
      expect(info).toMatchObject({ last4: LAST4, setBy: admin.id });
      expect(shown).toBe(
        english.t('config.serviceKeyShown', {
          last4: LAST4,
          user: `<@${admin.id}>`,
          when: `<t:${Math.floor((info?.setAt ?? 0) / 1000)}:f>`,
        }),
      );
      expect(shown).not.toContain(SERVER_KEY);
    });

    it('a member without Manage Server is refused: the command, and a submit of the admin’s form', async () => {
      for (const sub of ['set', 'show', 'clear'] as const) {
        const refused = serviceKeyCommand(h, sub, ann, MEMBER_PERMISSIONS);
        expect(await ephemeralText(refused)).toBe(english.t('config.manageServerOnly'));
        await settled(h, refused.id);
        expect(refused.modal).toBeUndefined();
      }
      // A form the admin opened, submitted by a member who was never shown it (a crafted submit).
      const opened = serviceKeyCommand(h, 'set', admin);
      await settled(h, opened.id);
      const crafted = h.discord.submitModal(
        opened,
        { key: 'sk-member-takeover-0000' },
        { user: ann, permissions: MEMBER_PERMISSIONS },
      );
      expect(await ephemeralText(crafted)).toBe(english.t('config.manageServerOnly'));
      await settled(h, crafted.id);
      expect(await h.running.bot.capabilities.serviceKeys?.info(h.discord.guildId)).toMatchObject({
        last4: LAST4,
        setBy: admin.id,
      });
      expect(await h.running.bot.capabilities.serviceKeys?.keyFor(h.discord.guildId)).toBe(SERVER_KEY);
    });
  });

  describe('requests', () => {
    it('a member’s /ask in the server uses the server’s key, and its entry is paid by it', async () => {
      const channelId = freshChannel();
      const asked = await askedAndAnswered({ prompt: 'on the server key' }, { channelId });
      const request = h.service.chatRequests().at(-1);
      expect(request?.apiKey).toBe(SERVER_KEY);
      expect(request?.refused).toBe(false);
      expect(h.service.chatRequests().some((r) => r.apiKey === API_KEY)).toBe(false);
      const entries = await entriesFor(h.discord.guildId, channelId, asked);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ kind: 'chat', userId: ann.id, paidBy: 'serverKey' });
    });

    it('an /ask in a DM, or in another server, uses the operator’s key; its entry has no paidBy', async () => {
      const dm = await askedAndAnswered({ prompt: 'in a DM' }, { dm: true });
      expect(h.service.chatRequests().at(-1)?.apiKey).toBe(API_KEY);
      const dmEntries = await entriesFor(usageScope({ guildId: null, userId: ann.id }), dm.channelId, dm);
      expect(dmEntries).toHaveLength(1);
      expect(dmEntries[0]).not.toHaveProperty('paidBy');

      const other = h.discord.guilds[1];
      if (!other) throw new Error('the fake should have a second guild');
      const channelId = other.channelIds[0] as string;
      const elsewhere = await askedAndAnswered({ prompt: 'in another server' }, { channelId });
      expect(elsewhere.guildId).toBe(other.id);
      expect(h.service.chatRequests().at(-1)?.apiKey).toBe(API_KEY);
      const entries = await entriesFor(other.id, channelId, elsewhere);
      expect(entries).toHaveLength(1);
      expect(entries[0]).not.toHaveProperty('paidBy');
    });

    it('/imagine in the server uses the server’s key, and its entry is paid by it', async () => {
      const channelId = freshChannel();
      const interaction = h.discord.sendCommand({
        name: 'imagine',
        options: { prompt: 'a lighthouse' },
        channelId,
        user: ann,
      });
      await h.discord.waitFor(
        () => h.discord.replyMessages(interaction)[0]?.content.includes('service-image-v1'),
        10_000,
        'the /imagine reply',
      );
      expect(h.service.imageRequests().at(-1)?.apiKey).toBe(SERVER_KEY);
      const entries = await entriesFor(h.discord.guildId, channelId, interaction);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ kind: 'image', paidBy: 'serverKey' });
    });
  });

  describe('a refused key', () => {
    const refusal = `⛔ ${english.t('errors.serviceOwnKeyRefused', { status: '401' })}`;

    /** Waits until the reply is only the member's private refusal; checks the public one is gone. */
    async function withdrawn(interaction: LocalInteraction) {
      const [text] = await waitForReply(
        h,
        interaction,
        (texts) => texts.length === 1 && texts[0] === refusal,
      );
      await settled(h, interaction.id);
      expect(text).toBe(refusal);
      const messages = h.discord.replyMessages(interaction);
      expect(messages).toHaveLength(1);
      expect((messages[0]?.flags ?? 0) & 64).toBe(64);
      // The public reply (the deferred original) was deleted.
      expect(interaction.originalId).toBeDefined();
      expect(h.discord.messages.get(interaction.originalId as string)?.deleted).toBe(true);
      expect(messages[0]?.id).not.toBe(interaction.originalId);
    }

    /** The admins' alerts channel (/budget alerts), and the notes about the refused key in it. */
    let alertsChannel = '';
    const keyAlerts = () =>
      [...h.discord.messages.values()].filter(
        (message) => message.channelId === alertsChannel && message.content.includes(`…${LAST4}, HTTP`),
      );

    it('/ask: the member alone is told, the reply is withdrawn, nothing is charged; the admins hear it', async () => {
      alertsChannel = freshChannel();
      await h.running.bot.capabilities.spend.budgets.update(h.discord.guildId, {
        alertChannelId: alertsChannel,
      });
      h.service.refuseKeys.add(SERVER_KEY);
      const channelId = freshChannel();
      const before = h.service.chatRequests().length;
      const interaction = ask({ prompt: 'refused' }, { channelId });
      await withdrawn(interaction);
      await waitForIdle(h);
      const sent = h.service.chatRequests().slice(before);
      expect(sent).toHaveLength(1);
      expect(sent.every((request) => request.apiKey === SERVER_KEY && request.refused)).toBe(true);
      expect(await entriesFor(h.discord.guildId, channelId, interaction)).toEqual([]);
      expect((await h.running.bot.capabilities.conversations.load(channelId)).turns).toEqual([]);
      // Posted before the turn ended (turn.ts awaits it), so it is there once the request settled.
      expect(keyAlerts().map((message) => message.content)).toEqual([
        english.t('config.serviceKeyRefusedAlert', { last4: LAST4, status: '401' }),
      ]);
    });

    it('/imagine: withdrawn the same way, nothing charged', async () => {
      const channelId = freshChannel();
      const before = h.service.imageRequests().length;
      const interaction = h.discord.sendCommand({
        name: 'imagine',
        options: { prompt: 'refused picture' },
        channelId,
        user: ann,
      });
      await withdrawn(interaction);
      const sent = h.service.imageRequests().slice(before);
      expect(sent).toHaveLength(1);
      expect(sent.every((request) => request.apiKey === SERVER_KEY && request.refused)).toBe(true);
      expect(await entriesFor(h.discord.guildId, channelId, interaction)).toEqual([]);
      // The same key refused again: the admins were told already.
      expect(keyAlerts()).toHaveLength(1);
    });

    it('after clear, the next /ask uses the operator’s key again and succeeds', async () => {
      const cleared = await ephemeralText(serviceKeyCommand(h, 'clear', admin));
      expect(cleared).toBe(english.t('config.serviceKeyCleared', { last4: LAST4 }));
      expect(await rawServiceKeyRecords()).toEqual({});
      expect(await ephemeralText(serviceKeyCommand(h, 'show', admin))).toBe(
        english.t('config.serviceKeyNone'),
      );
      const channelId = freshChannel();
      const asked = await askedAndAnswered({ prompt: 'operator again' }, { channelId });
      const request = h.service.chatRequests().at(-1);
      expect(request?.apiKey).toBe(API_KEY);
      expect(request?.refused).toBe(false);
      const entries = await entriesFor(h.discord.guildId, channelId, asked);
      expect(entries).toHaveLength(1);
      expect(entries[0]).not.toHaveProperty('paidBy');
      h.service.refuseKeys.delete(SERVER_KEY);
    });
  });

  it('the key never appears in the bot’s logs', () => {
    expect(h.logs.length).toBeGreaterThan(0);
    const leaks = h.logs.filter(
      (line) =>
        line.includes(SERVER_KEY) ||
        line.includes(SERVER_KEY.slice(0, 16)) ||
        line.includes('sk-member-takeover') ||
        line.includes(DATA_ENCRYPTION_KEY),
    );
    expect(leaks).toEqual([]);
  });
});
