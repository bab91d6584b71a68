/**
 * The message list's pure rules (src/playground/page/markdown.js, drawn by messages.js): which
 * messages start a group, how a time is written, which messages show "(edited)", and the words
 * of a "replying to" line.
 */
import { describe, expect, it } from 'vitest';
import {
  GROUP_WITHIN_MS,
  messageTime,
  replyPreview,
  showsEdited,
  startsGroup,
} from '../../../src/playground/page/markdown.js';

const AT = Date.UTC(2026, 10, 28, 14, 5);
const message = (over: Record<string, unknown> = {}) => ({
  author: 'Alex',
  bot: false,
  ephemeral: false,
  usedCommand: null,
  replyTo: null,
  times: { sent: AT, edited: null },
  ...over,
});
const later = (ms: number, over: Record<string, unknown> = {}) =>
  message({ times: { sent: AT + ms, edited: null }, ...over });

describe('startsGroup', () => {
  it('groups one author’s messages within 7 minutes of the one before', () => {
    expect(startsGroup(undefined, message())).toBe(true);
    expect(startsGroup(message(), later(60_000))).toBe(false);
    expect(startsGroup(message(), later(GROUP_WITHIN_MS))).toBe(false);
    expect(startsGroup(message(), later(GROUP_WITHIN_MS + 1))).toBe(true);
  });

  it('starts a group for another author, the bot, a private reply next to a public one', () => {
    expect(startsGroup(message(), later(1000, { author: 'Sam' }))).toBe(true);
    expect(startsGroup(message(), later(1000, { author: 'Service Bot', bot: true }))).toBe(true);
    const bot = message({ author: 'Service Bot', bot: true });
    expect(startsGroup(bot, later(1000, { author: 'Service Bot', bot: true }))).toBe(false);
    expect(startsGroup(bot, later(1000, { author: 'Service Bot', bot: true, ephemeral: true }))).toBe(true);
  });

  it('a reply to a command ("Alex used /ask") and a reply to a message always head a group', () => {
    const bot = message({ author: 'Service Bot', bot: true });
    expect(startsGroup(bot, later(1000, { author: 'Service Bot', bot: true, usedCommand: '/ask' }))).toBe(
      true,
    );
    expect(startsGroup(bot, later(1000, { author: 'Service Bot', bot: true, replyTo: '42' }))).toBe(true);
  });
});

describe('messageTime', () => {
  const zone = { timeZone: 'UTC' };
  it('writes today’s and yesterday’s times as Discord does, with the full date for the title', () => {
    const today = messageTime(AT, AT + 60 * 60_000, zone);
    expect(today.label).toBe('Today at 2:05 PM');
    expect(today.clock).toBe('2:05 PM');
    expect(today.full).toBe('Saturday, November 28, 2026 at 2:05 PM');
    expect(today.iso).toBe('2026-11-28T14:05:00.000Z');
    expect(messageTime(AT, AT + 20 * 60 * 60_000, zone).label).toBe('Yesterday at 2:05 PM');
    expect(messageTime(AT, AT + 3 * 24 * 60 * 60_000, zone).label).toBe('11/28/2026 2:05 PM');
  });

  it('counts days in the reader’s time zone', () => {
    // 14:05 UTC is 23:05 in Tokyo; two hours later it is the next day there.
    expect(messageTime(AT, AT + 2 * 60 * 60_000, { timeZone: 'Asia/Tokyo' }).label).toBe(
      'Yesterday at 11:05 PM',
    );
    expect(messageTime(AT, AT + 2 * 60 * 60_000, zone).label).toBe('Today at 2:05 PM');
  });

  it('is written in the reader’s language: its words from the page’s tables, dates and clock by that locale', () => {
    const de = { ...zone, locale: 'de' };
    const today = messageTime(AT, AT + 60 * 60_000, de);
    expect(today.label).toBe('Heute um 14:05');
    expect(today.clock).toBe('14:05');
    expect(today.full).toBe('Samstag, 28. November 2026 um 14:05');
    expect(messageTime(AT, AT + 20 * 60 * 60_000, de).label).toBe('Gestern um 14:05');
    expect(messageTime(AT, AT + 3 * 24 * 60 * 60_000, de).label).toBe('28.11.2026 14:05');
    expect(messageTime(AT, AT + 60 * 60_000, { ...zone, locale: 'fr' }).label).toBe("Aujourd'hui à 14:05");
    expect(messageTime(AT, AT + 60 * 60_000, { ...zone, locale: 'ja' }).label).toBe('今日 14:05');
    expect(messageTime(AT, AT + 20 * 60 * 60_000, { ...zone, locale: 'pt-BR' }).label).toBe('Ontem às 14:05');
    // A language the page has no table for: its words in English, its clock in its own locale.
    expect(messageTime(AT, AT + 60 * 60_000, { ...zone, locale: 'sv-SE' }).label).toBe('Today at 14:05');
  });
});

describe('showsEdited', () => {
  it('marks a member’s message whose text changed after it was sent', () => {
    expect(showsEdited(message())).toBe(false);
    expect(showsEdited(message({ times: { sent: AT, edited: AT + 5000 } }))).toBe(true);
  });

  it('never marks the bot’s messages: its edits are how it writes (thinking, streaming, footer, buttons)', () => {
    expect(showsEdited(message({ bot: true, times: { sent: AT, edited: AT + 900 } }))).toBe(false);
  });
});

describe('replyPreview', () => {
  it('the original’s first words on one line, without markdown; mentions by name', () => {
    const names = (id: string) => (id === '1' ? 'Service Bot' : 'someone');
    expect(replyPreview('<@1> write **some** code\nplease', names)).toBe(
      '@Service Bot write some code please',
    );
    expect(replyPreview('> a quote\n```js\nx()\n```\n-# small `code`', names)).toBe('a quote small code');
    const long = replyPreview('word '.repeat(40), names, 30);
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(31);
    expect(long).not.toContain(' …');
  });
});
