/**
 * What a reload of the playground's page keeps (src/playground/page/remember.js): the person
 * typing and the open channel, found again by id, else by kind and name, else the usual first.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Channel {
  id: string;
  kind: string;
  name: string;
}
interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
type Saved = { person?: string; channel?: Channel };
/** The page's module is plain JavaScript without types: loaded by path, typed here. */
const { pickChannel, pickPerson, remember, remembered } = (await import(
  pathToFileURL(join('src', 'playground', 'page', 'remember.js')).href
)) as {
  pickChannel(channels: Channel[], saved: Saved): string | undefined;
  pickPerson(people: { key: string }[], saved: Saved, fallback: string): string;
  remember(state: { person: string; channelId: string; channels: Channel[] }, storage?: Store): void;
  remembered(storage?: Store | null): Saved;
};

const channels = [
  { id: '1', kind: 'text', name: 'general' },
  { id: '2', kind: 'text', name: 'ask-the-bot' },
  { id: '3', kind: 'dm', name: 'Service Bot' },
];
const people = [{ key: 'member' }, { key: 'admin' }];

/** A Storage as localStorage is (strings in, strings out), or one that refuses. */
function storage(refuse = false) {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
    items,
  };
}

describe('remember and remembered', () => {
  it('keep the person and the channel (id, kind, name) through the storage', () => {
    const store = storage();
    remember({ person: 'admin', channelId: '3', channels }, store);
    expect(remembered(store)).toEqual({
      person: 'admin',
      channel: { id: '3', kind: 'dm', name: 'Service Bot' },
    });
  });

  it('read nothing from an empty, broken, refusing or absent storage', () => {
    expect(remembered(storage())).toEqual({});
    const broken = storage();
    broken.items.set('playground.view', '{not json');
    expect(remembered(broken)).toEqual({});
    expect(() => remember({ person: 'admin', channelId: '1', channels }, storage(true))).not.toThrow();
    expect(remembered(null)).toEqual({});
  });
});

describe('pickPerson and pickChannel', () => {
  it('take the saved person if still offered', () => {
    expect(pickPerson(people, { person: 'admin' }, 'member')).toBe('admin');
    expect(pickPerson(people, { person: 'ghost' }, 'member')).toBe('member');
    expect(pickPerson(people, {}, 'member')).toBe('member');
  });

  it('take the saved channel by id, else by kind and name (a restart), else the second channel', () => {
    expect(pickChannel(channels, { channel: { id: '3', kind: 'dm', name: 'Service Bot' } })).toBe('3');
    expect(pickChannel(channels, { channel: { id: '99', kind: 'text', name: 'general' } })).toBe('1');
    expect(pickChannel(channels, { channel: { id: '99', kind: 'text', name: 'gone' } })).toBe('2');
    expect(pickChannel(channels, {})).toBe('2');
    expect(pickChannel([channels[0] as (typeof channels)[number]], {})).toBe('1');
  });
});
