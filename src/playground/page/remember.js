// What a reload keeps, as Discord's client does: the person typing ("Typing as") and the open
// channel, in this browser's localStorage. A channel that is gone (the playground restarted: new
// ids) is found again by its kind and name, else the page opens its usual first channel.
// `pickPerson` and `pickChannel` are pure (Node unit tests import this module).

const KEY = 'playground.view';

/** What was saved ({ person, channel: { id, kind, name } }), or {} (none, unreadable, storage off). */
export function remembered(storage = globalThis.localStorage) {
  try {
    const saved = JSON.parse(storage?.getItem(KEY) ?? '{}');
    return saved && typeof saved === 'object' ? saved : {};
  } catch {
    return {};
  }
}

/** Saves the person typing and the open channel (when storage refuses, nothing is kept). */
export function remember(state, storage = globalThis.localStorage) {
  const channel = state.channels.find((candidate) => candidate.id === state.channelId);
  const saved = {
    person: state.person,
    ...(channel && { channel: { id: channel.id, kind: channel.kind, name: channel.name } }),
  };
  try {
    storage?.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Private mode or a full storage: the page works, a reload starts afresh.
  }
}

/** The saved person if they are still offered, else `fallback`. */
export function pickPerson(people, saved, fallback) {
  return people.some((person) => person.key === saved.person) ? saved.person : fallback;
}

/** The saved channel (by id, else by kind and name), else the usual first one: the second channel, or the first. */
export function pickChannel(channels, saved) {
  const wanted = saved.channel;
  const found =
    wanted &&
    (channels.find((channel) => channel.id === wanted.id) ??
      channels.find((channel) => channel.kind === wanted.kind && channel.name === wanted.name));
  return (found ?? channels[1] ?? channels[0])?.id;
}
