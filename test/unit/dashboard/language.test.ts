/**
 * The dashboard's language (language.ts pickLanguage): Accept-Language's ranges by q-value, each
 * naming one of the six languages the bot speaks by its tag or its primary language; q=0 rules a
 * language out; anything unreadable or unshipped is English. And the words it picks.
 */
import { describe, expect, it } from 'vitest';
import { pickLanguage, wordsIn } from '../../../src/dashboard/language.js';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7', 'de'],
    ['fr-CA', 'fr'],
    ['es-419', 'es'],
    ['es-ES,es;q=0.9', 'es'],
    ['pt-BR', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT;q=0.9, en;q=0.5', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    ['ja-JP', 'ja'],
    ['en-GB', 'en'],
    ['zh-CN', 'en'],
    ['*', 'en'],
  ])('%j → %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });

  it('ranks by q-value, not by order; equal q-values keep their order', () => {
    expect(pickLanguage('en;q=0.5, ja;q=0.8, de;q=0.7')).toBe('ja');
    expect(pickLanguage('fr;q=0.8, de;q=0.8')).toBe('fr');
    expect(pickLanguage('de;q=0.8, fr;q=0.8')).toBe('de');
    expect(pickLanguage('en;q=0.1, de')).toBe('de');
    expect(pickLanguage('en;q=1.0, ja;q=0.999')).toBe('en');
  });

  it('passes over languages it does not ship to the next wanted', () => {
    expect(pickLanguage('zh-TW, ko;q=0.9, fr;q=0.8, en;q=0.5')).toBe('fr');
  });

  it('treats q=0 as "not this language", also when another range would name it', () => {
    expect(pickLanguage('de;q=0, de-AT, ja;q=0.5')).toBe('ja');
    expect(pickLanguage('fr;q=0')).toBe('en');
    expect(pickLanguage('en;q=0, *')).not.toBe('en');
  });

  it('skips malformed ranges and q-values, and reads the rest', () => {
    expect(pickLanguage('de;q=2, fr')).toBe('fr');
    expect(pickLanguage('de;q=abc, ja;q=0.3')).toBe('ja');
    expect(pickLanguage('de;q = abc, ja;q=0.3')).toBe('ja');
    expect(pickLanguage('<script>, es ; q = 0.5')).toBe('es');
    expect(pickLanguage('1234, de;level=1;q=0.4')).toBe('de');
    expect(pickLanguage(['fr;q=0.2', 'de;q=0.3'])).toBe('de');
    expect(pickLanguage(`${'x-'.repeat(2000)}, de`)).toBe('en');
  });
});

describe('the words', () => {
  it('are each language’s, with HTML parts put in escaped text', () => {
    expect(wordsIn('de').t('logOut')).toBe('Abmelden');
    expect(wordsIn('ja').t('logOut')).toBe('ログアウト');
    expect(wordsIn('en').html('signedInAs', { name: '<b id="who">Sam</b>' })).toBe(
      'Signed in as <b id="who">Sam</b>',
    );
    expect(wordsIn('en').t('total', { count: 1, money: 'USD 1', from: 'a', to: 'b' })).toBe(
      'Spent USD 1 in 1 request from a to b.',
    );
    expect(wordsIn('de').t('total', { count: 1234, money: 'x', from: 'a', to: 'b' })).toContain(
      '1.234 Anfragen',
    );
  });
});
