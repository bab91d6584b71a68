/**
 * Files given as command options in the local Discord: served from its CDN under
 * `ephemeral-attachments/` as Discord does, the newest COMMAND_FILES_KEPT kept and older ones
 * gone (404); and the playground page's files, refused past their limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_FILES_KEPT } from '../../../src/localDiscord/commandFiles.js';
import { memberFile } from '../../../src/localDiscord/contextMenus.js';
import { type LocalDiscord, startLocalDiscord } from '../../../src/localDiscord/localDiscord.js';
import { PAGE_FILE_MAX_BYTES, PAGE_FILES_MAX, pageFiles } from '../../../src/playground/pageFiles.js';

let discord: LocalDiscord;
beforeAll(async () => {
  discord = await startLocalDiscord({ channelCount: 1 });
});
afterAll(() => discord.close());

/** The URL `resolved.attachments` gave a command's file option. */
function sentWith(name: string): string {
  const interaction = discord.sendCommand({
    name: 'ask',
    files: { file: memberFile(name, `bytes of ${name}`, 'text/plain') },
  });
  const data = interaction.data as
    | { resolved?: { attachments?: Record<string, { url: string }> } }
    | undefined;
  return Object.values(data?.resolved?.attachments ?? {})[0]?.url ?? '';
}

describe('command files in the local Discord', () => {
  it('serves each from the CDN, and keeps only the newest ones', async () => {
    const first = sentWith('first.txt');
    expect(first).toMatch(/\/ephemeral-attachments\/\d+\/first\.txt$/);
    const served = await fetch(first);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('bytes of first.txt');
    let last = '';
    for (let index = 0; index < COMMAND_FILES_KEPT; index += 1) last = sentWith(`later-${index}.txt`);
    expect(discord.commandFiles.size).toBe(COMMAND_FILES_KEPT);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(last)).status).toBe(200);
  });
});

describe("the playground page's files", () => {
  const file = (data: Buffer) => ({ name: 'a.txt', type: 'text/plain', data: data.toString('base64') });

  it('takes up to PAGE_FILES_MAX files of PAGE_FILE_MAX_BYTES each, and refuses more', () => {
    expect(pageFiles([file(Buffer.from('hi'))])[0]).toMatchObject({
      filename: 'a.txt',
      contentType: 'text/plain',
      size: 2,
    });
    expect(() => pageFiles(Array.from({ length: PAGE_FILES_MAX + 1 }, () => file(Buffer.from('x'))))).toThrow(
      /at most/,
    );
    expect(() => pageFiles([file(Buffer.alloc(PAGE_FILE_MAX_BYTES + 1))])).toThrow(/over the 10 MB/);
    expect(() => pageFiles([{ name: '', data: '' }])).toThrow(/needs a name/);
  });
});
