/**
 * The fake Discord itself, through discord.js's own REST client: the routes the bot's later
 * features rely on (multipart uploads, GET/DELETE of messages), and guild-scoped registration.
 */
import { REST, Routes } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { shownText } from '../../src/reply/layout.js';
import { useHarness } from '../helpers/e2e.js';
import { PLAIN_REPLIES, waitForExactReply } from '../helpers/harness.js';

const { h } = useHarness({
  env: (discord) => ({ COMMAND_GUILD_ID: discord.guildId }),
  guildConfig: PLAIN_REPLIES,
});

describe('fake Discord', () => {
  it('registers commands in COMMAND_GUILD_ID only, when set', () => {
    expect(h.discord.commands.get(h.discord.guildId)?.map((command) => command.name)).toEqual([
      'ask',
      'imagine',
      'reset',
      'system',
      'config',
      'usage',
      'budget',
      // Message commands (Summarize from here only with the Message Content intent).
      'Ask about this message',
    ]);
    expect(h.discord.commands.get('global')).toBeUndefined();
  });

  it('takes multipart follow-ups with files, and GET/DELETE of the original', async () => {
    const interaction = h.discord.sendCommand({ name: 'ask', options: { prompt: 'files' } });
    await waitForExactReply(h, interaction, ['Echo: Member: files']);
    const rest = new REST({ api: h.discord.apiUrl });
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const sent = (await rest.post(Routes.webhook(h.discord.applicationId, interaction.token), {
      auth: false,
      body: { content: 'with a file', attachments: [{ id: '0', filename: 'image-1.png' }] },
      files: [{ name: 'image-1.png', data: bytes, contentType: 'image/png' }],
    })) as { id: string; attachments: { filename: string; size: number }[] };
    expect(sent.attachments).toMatchObject([{ filename: 'image-1.png', size: bytes.length }]);
    expect(h.discord.messages.get(sent.id)?.attachments[0]?.data.equals(bytes)).toBe(true);

    const original = (await rest.get(
      Routes.webhookMessage(h.discord.applicationId, interaction.token, '@original'),
      {
        auth: false,
      },
    )) as { content: string; flags: number; components: unknown[] };
    // As Discord returns a V2 message: no content, the text in its components.
    expect(original.content).toBe('');
    expect(shownText(original)).toBe('> files\nEcho: Member: files');
    await rest.delete(Routes.webhookMessage(h.discord.applicationId, interaction.token, '@original'), {
      auth: false,
    });
    expect(h.discord.replyMessages(interaction).map((message) => message.content)).toEqual(['with a file']);
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  });
});
