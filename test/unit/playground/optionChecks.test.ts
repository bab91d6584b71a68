/**
 * What the playground's page checks before sending, as Discord's client does
 * (src/playground/page/optionChecks.js, used by commands.js, composer.js and modal.js): option
 * values against what the bot registered, a form field's length, a plain message's length.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

type Option = Record<string, unknown>;
type Field = { required?: boolean; minLength?: number; maxLength?: number };
/** The page's modules are plain JavaScript without types: loaded by path, typed here. */
const page = (file: string) => import(pathToFileURL(join('src', 'playground', 'page', file)).href);
const {
  checkChannelType,
  checkField,
  checkMessage,
  checkOptionValue,
  fieldCount,
  lengthOf,
  missingRequired,
  OPTION,
} = (await page('optionChecks.js')) as {
  checkChannelType(option: Option, channel: { kind: string }, label: string): string | null;
  checkField(field: Field, value: string): string | null;
  checkMessage(text: string): string | null;
  checkOptionValue(option: Option, raw: string): { value?: unknown; error?: string };
  fieldCount(field: Field, value: string): { count: number; max: number; over: boolean; text: string };
  lengthOf(text: string): number;
  missingRequired(options: Option[], typed: string[]): string | null;
  OPTION: Record<string, number>;
};
const { setPageLanguage } = (await page('pageText.js')) as { setPageLanguage(locale: string): void };

const string = (over: Record<string, unknown> = {}) => ({ type: OPTION.STRING, name: 'prompt', ...over });
const integer = (over: Record<string, unknown> = {}) => ({ type: OPTION.INTEGER, name: 'n', ...over });
const number = (over: Record<string, unknown> = {}) => ({
  type: OPTION.NUMBER,
  name: 'temperature',
  ...over,
});

afterEach(() => setPageLanguage('en-US'));

describe('checkOptionValue', () => {
  it('takes a string within its registered lengths, and counts an emoji as one character', () => {
    expect(checkOptionValue(string({ min_length: 2, max_length: 5 }), 'hello')).toEqual({ value: 'hello' });
    expect(checkOptionValue(string({ max_length: 2 }), '🙂🙂')).toEqual({ value: '🙂🙂' });
    expect(lengthOf('🙂é')).toBe(2);
  });

  it('refuses a string over max_length or under min_length, saying the count', () => {
    expect(checkOptionValue(string({ max_length: 1000 }), 'x'.repeat(1001))).toEqual({
      error: 'prompt must be at most 1000 characters long (now 1001).',
    });
    expect(checkOptionValue(string({ name: 'from', min_length: 10 }), '2024-1-1')).toEqual({
      error: 'from must be at least 10 characters long (now 8).',
    });
    // Without a registered max_length, Discord's own 6,000.
    expect(checkOptionValue(string(), 'x'.repeat(6001)).error).toMatch(/at most 6000/);
  });

  it('takes whole numbers in range for an integer, refuses others', () => {
    expect(checkOptionValue(integer({ min_value: 1, max_value: 4 }), '4')).toEqual({ value: 4 });
    expect(checkOptionValue(integer({ min_value: 1, max_value: 4 }), '9')).toEqual({
      error: 'n must be at most 4.',
    });
    expect(checkOptionValue(integer({ min_value: 1 }), '0')).toEqual({ error: 'n must be at least 1.' });
    // The limits themselves are in range, one past them is not.
    expect(checkOptionValue(integer({ min_value: 1, max_value: 4 }), '1')).toEqual({ value: 1 });
    expect(checkOptionValue(integer({ max_value: 4 }), '5')).toEqual({ error: 'n must be at most 4.' });
    expect(checkOptionValue(number({ max_value: 2 }), '2.01').error).toBe('temperature must be at most 2.');
    for (const raw of ['2.5', 'two', '1e3', '0x10', '99999999999999999999']) {
      expect(checkOptionValue(integer(), raw), raw).toEqual({ error: 'n must be a whole number.' });
    }
  });

  it('takes decimals for a number, in range', () => {
    expect(checkOptionValue(number({ min_value: 0, max_value: 2 }), '0.7')).toEqual({ value: 0.7 });
    expect(checkOptionValue(number({ min_value: 0, max_value: 2 }), '.5')).toEqual({ value: 0.5 });
    expect(checkOptionValue(number({ max_value: 2 }), '7').error).toBe('temperature must be at most 2.');
    expect(checkOptionValue(number(), 'warm').error).toBe('temperature must be a number.');
    expect(checkOptionValue(number(), 'Infinity').error).toBe('temperature must be a number.');
  });

  it('takes only listed choices, by value or by (localized) name', () => {
    const period = string({
      name: 'period',
      choices: [
        { name: 'This month', value: 'month', name_localizations: { de: 'Dieser Monat' } },
        { name: 'Today', value: 'today' },
      ],
    });
    expect(checkOptionValue(period, 'month')).toEqual({ value: 'month' });
    expect(checkOptionValue(period, 'Dieser Monat')).toEqual({ value: 'month' });
    expect(checkOptionValue(period, 'decade')).toEqual({ error: 'period must be one of: month, today.' });
    const n = integer({ choices: [{ name: 'one', value: 1 }] });
    expect(checkOptionValue(n, '1')).toEqual({ value: 1 });
  });

  it('takes true or false for a boolean, an empty value for nothing, a file only through 📎', () => {
    const thread = { type: OPTION.BOOLEAN, name: 'thread' };
    expect(checkOptionValue(thread, 'True')).toEqual({ value: true });
    expect(checkOptionValue(thread, 'false')).toEqual({ value: false });
    expect(checkOptionValue(thread, 'yes')).toEqual({ error: 'thread must be true or false.' });
    expect(checkOptionValue(string(), '')).toEqual({ error: 'prompt is required.' });
    expect(checkOptionValue({ type: OPTION.ATTACHMENT, name: 'file' }, 'x.png').error).toBe(
      'file takes a file: attach it with 📎 and send the command.',
    );
  });

  it("says why in the page's language", () => {
    setPageLanguage('de');
    expect(checkOptionValue(integer({ max_value: 4 }), '9')).toEqual({ error: 'n darf höchstens 4 sein.' });
    setPageLanguage('ja');
    expect(checkOptionValue(integer({ max_value: 4 }), '9').error).toBe('n は 4 以下にしてください。');
  });
});

describe('missingRequired and checkChannelType', () => {
  it('names the first required option not typed', () => {
    const options = [string({ required: true }), integer()];
    expect(missingRequired(options, ['n'])).toBe('prompt is required.');
    expect(missingRequired(options, ['prompt'])).toBeNull();
  });

  it('refuses a channel of a type the option does not take', () => {
    const option = { type: OPTION.CHANNEL, name: 'channel', channel_types: [0] };
    expect(checkChannelType(option, { kind: 'text' }, '# general')).toBeNull();
    expect(checkChannelType(option, { kind: 'thread' }, '↳ talk')).toBe('channel cannot be ↳ talk.');
    expect(checkChannelType({ ...option, channel_types: undefined }, { kind: 'dm' }, '@ bot')).toBeNull();
  });
});

describe('a form field and a plain message', () => {
  it('counts a field against its max_length, else 4,000', () => {
    expect(fieldCount({ maxLength: 4000 }, 'x'.repeat(123))).toEqual({
      count: 123,
      max: 4000,
      over: false,
      text: '123 / 4000',
    });
    expect(fieldCount({}, 'x'.repeat(4001))).toMatchObject({ over: true, text: '4001 / 4000' });
  });

  it('refuses an empty required field, one too short and one too long', () => {
    expect(checkField({ required: true }, '')).toBe('This field is required.');
    expect(checkField({ required: false }, '')).toBeNull();
    expect(checkField({ required: true, minLength: 5 }, 'abc')).toBe(
      'Must be at least 5 characters long (now 3).',
    );
    expect(checkField({ required: true, maxLength: 4000 }, 'x'.repeat(5000))).toBe(
      'Must be at most 4000 characters long (now 5000).',
    );
    expect(checkField({ required: true, maxLength: 4000 }, 'x'.repeat(4000))).toBeNull();
  });

  it('refuses a plain message over 2,000 characters', () => {
    expect(checkMessage('x'.repeat(2000))).toBeNull();
    expect(checkMessage('x'.repeat(2001))).toBe('Your message is too long: 2001 of at most 2000 characters.');
  });
});
