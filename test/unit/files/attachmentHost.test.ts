/** The addresses members' files are fetched from: Discord's CDN over https, and allowlisted hosts. */
import { describe, expect, it } from 'vitest';
import { isAttachmentUrl } from '../../../src/files/attachmentHost.js';

describe('isAttachmentUrl', () => {
  it.each([
    ['https://cdn.discordapp.com/attachments/1/2/a.pdf', [], true],
    ['https://media.discordapp.net/attachments/1/2/a.png', [], true],
    ['https://CDN.DiscordApp.com./ephemeral-attachments/1/2/a.txt', [], true],
    ['http://cdn.discordapp.com/attachments/1/2/a.pdf', [], false],
    ['https://cdn.discordapp.com.evil.example/a.pdf', [], false],
    ['https://evil.example/cdn.discordapp.com/a.pdf', [], false],
    ['http://127.0.0.1:4000/attachments/1/a.txt', ['127.0.0.1'], true],
    ['http://[::1]:4000/a.txt', ['[::1]'], true],
    ['http://localhost:4000/a.txt', ['127.0.0.1'], false],
    ['file:///etc/passwd', ['127.0.0.1'], false],
    ['not a url', [], false],
  ])('%s with %j: %s', (url, allowlist, expected) => {
    expect(isAttachmentUrl(url, allowlist)).toBe(expected);
  });
});
