/**
 * A hostile PDF that keeps its reader busy (40 pages, each unpacking and reading the same 64 MiB
 * content stream: time, not memory) is ended by the extraction deadline (FILE_READ_DEADLINE_MS,
 * 1 s here against 15 s by default), named under the reply, while another member's reply streams
 * and completes meanwhile: the reading happens in a process of its own. How late the bot's event
 * loop runs meanwhile is measured in bench/files.ts (a timed figure, not a test's).
 */
import { describe, expect, it } from 'vitest';
import { memberFile } from '../../src/localDiscord/contextMenus.js';
import { makeSlowPdf } from '../../src/localService/documents.js';
import { useHarness } from '../helpers/e2e.js';
import { english } from '../helpers/english.js';
import { PLAIN_REPLIES, waitForIdle, waitForReply } from '../helpers/harness.js';

const suite = useHarness({
  discord: { channelCount: 4 },
  guildConfig: PLAIN_REPLIES,
  asker: { username: 'ann', globalName: 'Ann' },
  env: { FILE_READ_DEADLINE_MS: '1000' },
});
const { h, freshChannel, ask } = suite;

const done = (texts: string[]) =>
  texts.length > 0 && !texts.join('').includes('▌') && texts.join('').includes('Echo');

describe('a PDF that keeps its reader busy', () => {
  it('is ended by the deadline and named under the reply, while another member is answered meanwhile', async () => {
    const hostile = ask(
      { prompt: 'open this' },
      {
        channelId: freshChannel(),
        files: { file: memberFile('slow.pdf', makeSlowPdf(40, 64 * 1024 * 1024)) },
      },
    );
    const other = ask(
      { prompt: 'meanwhile' },
      { channelId: freshChannel(), user: h.discord.user('bob', 'Bob') },
    );
    const [answered] = await waitForReply(h, other, done, 30_000);
    expect(answered).toContain('Echo: Bob: meanwhile');
    const texts = await waitForReply(h, hostile, done, 60_000);
    await waitForIdle(h);
    expect(texts.join('\n')).toContain(`-# 📎 ${english.t('chat.fileDeadline', { name: 'slow.pdf' })}`);
    const sent = (h.service.chatRequests().at(-1)?.body.messages ?? []) as { content: string }[];
    expect(sent.at(-1)?.content).toBe(
      'Ann: File slow.pdf: not read (reading it took too long)\n\nQuestion:\nopen this',
    );
  });
});
