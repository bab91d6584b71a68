/**
 * The parts of a server's page read as pure functions: the /config form's fields checked one by
 * one, and the requests in progress, including when the owning process did not answer.
 */
import { describe, expect, it } from 'vitest';
import { configPatch, configSection, MAX_CHANNELS } from '../../../src/dashboard/configRoutes.js';
import { ago, inProgressSection } from '../../../src/dashboard/inProgress.js';
import { wordsIn } from '../../../src/dashboard/language.js';
import { DEFAULT_GUILD_CONFIG } from '../../../src/settings/resolve.js';

const general = { id: '111111111111111111', name: 'general' };
const art = { id: '222222222222222222', name: 'art<b>' };
const GONE = '333333333333333333';

describe('the /config form', () => {
  it('reads every switch (absent: off) and the channels ticked, or everywhere', () => {
    expect(
      configPatch(
        {
          cost_line: 'on',
          fallback: 'on',
          answer_in_language: 'on',
          classic_layout: 'on',
          where: 'listed',
          channels: [art.id, art.id],
        },
        DEFAULT_GUILD_CONFIG,
        [general, art],
      ),
    ).toEqual({
      showCost: true,
      showContext: false,
      answerMentions: false,
      fallback: true,
      answerInLanguage: true,
      classicLayout: true,
      allowedChannels: [art.id],
    });
    expect(
      configPatch({ where: 'everywhere', channels: general.id }, DEFAULT_GUILD_CONFIG, [general]),
    ).toMatchObject({
      allowedChannels: null,
    });
  });

  it('refuses unknown channels, non-snowflakes, odd values and too many channels', () => {
    const known = [general];
    for (const body of [
      { where: 'listed', channels: art.id },
      { where: 'listed', channels: 'general' },
      { where: 'somewhere' },
      { where: 'everywhere', cost_line: 'yes' },
      { where: 'listed', channels: Array.from({ length: MAX_CHANNELS + 1 }, () => general.id) },
    ])
      expect(typeof configPatch(body, DEFAULT_GUILD_CONFIG, known)).toBe('string');
  });

  it('keeps a listed channel this process does not see, and escapes names', () => {
    const config = { ...DEFAULT_GUILD_CONFIG, allowedChannels: [GONE] };
    expect(configPatch({ where: 'listed', channels: GONE }, config, [])).toMatchObject({
      allowedChannels: [GONE],
    });
    const html = configSection('999999999999999999', config, [art], 'token');
    expect(html).toContain(`value="${GONE}" checked`);
    expect(html).toContain('#art&#60;b&#62;');
    expect(configSection('9', DEFAULT_GUILD_CONFIG, [], 't')).toContain('id="channels-unknown"');
  });

  it('names every channel offered, never by its id: one the bot no longer sees says so', () => {
    const config = { ...DEFAULT_GUILD_CONFIG, allowedChannels: [GONE] };
    const html = configSection('999999999999999999', config, [art], 'token');
    const labels = [
      ...html.matchAll(
        /<label><input type="checkbox" name="channels"[^>]*>([^<]*(?:<i>[^<]*<\/i>)?)<\/label>/g,
      ),
    ].map((match) => match[1]?.trim());
    expect(labels).toEqual(['#art&#60;b&#62;', '<i>a channel the bot no longer sees</i>']);
    expect(html).not.toContain(`#${GONE}`);
  });

  it("is in the viewer's language, and so are its refusals", () => {
    const html = configSection('9', DEFAULT_GUILD_CONFIG, [general], 't', undefined, wordsIn('ja'));
    expect(html).toContain('<h2>機能とチャンネル</h2>');
    expect(configPatch({ where: 'nowhere' }, DEFAULT_GUILD_CONFIG, [general], wordsIn('es'))).toBe(
      'Elige en todas partes o los canales marcados.',
    );
  });
});

describe('requests in progress', () => {
  const names = { user: (id: string) => `user ${id}`, channel: (id: string) => `#${id}` };

  it('lists each request with how long ago it started, as of when it was read', () => {
    const at = Date.parse('2026-11-26T10:00:00Z');
    const html = inProgressSection(
      { at, requests: [{ kind: 'image', channelId: 'c1', userId: 'u1', since: at - 125_000 }] },
      '/guilds/1',
      names,
    );
    expect(html).toContain('<td>/imagine</td><td>#c1</td><td>user u1</td><td class="n">2 min 5 s ago</td>');
    expect(html).toContain('10:00:00 UTC');
    expect(html).toContain('href="/guilds/1#in-progress"');
    expect([ago(0, 59_999), ago(0, 7_260_000)]).toEqual(['59 s', '2 h 1 min']);
  });

  it('says plainly when the process running the server did not answer in time', () => {
    const html = inProgressSection(undefined, '/guilds/1', names);
    expect(html).toContain('The process running this server did not answer in time');
    expect(html).not.toContain('<table');
  });
});
