/**
 * The playground page's own text (src/playground/page/pageText.js): every language has every
 * English text with the same placeholders, a lookup fills them, a missing text falls back to
 * English, and a change of language reaches whoever listens.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

type Table = Record<string, string>;
/** The page's module is plain JavaScript without types: loaded by path, typed here. */
const { EN, onPageLanguage, pageLanguage, setPageLanguage, t, TABLES, translate } = (await import(
  pathToFileURL(join('src', 'playground', 'page', 'pageText.js')).href
)) as {
  EN: Table;
  TABLES: Record<string, Table>;
  onPageLanguage(callback: (locale: string) => void): () => void;
  pageLanguage(): string;
  setPageLanguage(locale: string): void;
  t(key: string, vars?: Record<string, unknown>): string;
  translate(locale: string, key: string, vars?: Record<string, unknown>): string;
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

afterEach(() => setPageLanguage('en-US'));

describe('the page text tables', () => {
  it('has the six languages the bot speaks', () => {
    expect(Object.keys(TABLES).sort()).toEqual(['de', 'en-US', 'es-ES', 'fr', 'ja', 'pt-BR']);
  });

  it.each(Object.entries(TABLES))(
    '%s has every English key, no other, with the same placeholders',
    (_, table) => {
      const texts = table as Record<string, string>;
      expect(Object.keys(texts).sort()).toEqual(Object.keys(EN).sort());
      for (const [key, english] of Object.entries(EN)) {
        expect(placeholders(texts[key] ?? ''), key).toEqual(placeholders(english));
        expect(texts[key]?.trim(), key).not.toBe('');
      }
    },
  );
});

describe('t and translate', () => {
  it('fills placeholders and leaves unknown ones as they are', () => {
    expect(translate('en-US', 'message.used', { name: 'Alex', command: '/ask' })).toBe('Alex used /ask');
    expect(translate('en-US', 'message.used', { name: 'Alex' })).toBe('Alex used {command}');
  });

  it('falls back to the language (pt → pt-BR), then English, then the key', () => {
    expect(translate('pt', 'modal.cancel')).toBe('Cancelar');
    expect(translate('es-419', 'sidebar.typingAs')).toBe('Escribiendo como');
    expect(translate('ko', 'sidebar.typingAs')).toBe('Typing as');
    expect(translate('de', 'no.such.key')).toBe('no.such.key');
  });

  it('follows the page language and tells listeners once per change', () => {
    const heard: string[] = [];
    const stop = onPageLanguage((locale: string) => heard.push(locale));
    expect(t('sidebar.typingAs')).toBe('Typing as');
    setPageLanguage('de');
    setPageLanguage('de');
    expect(pageLanguage()).toBe('de');
    expect(t('sidebar.typingAs')).toBe('Schreibt als');
    setPageLanguage('fr');
    expect(t('modal.submit')).toBe('Envoyer');
    stop();
    setPageLanguage('ja');
    expect(heard).toEqual(['de', 'fr']);
  });
});
