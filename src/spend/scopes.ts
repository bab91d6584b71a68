/**
 * The list of ledger scopes (guilds, and `dm-<user>` for each user's DMs), kept as one marker key
 * per scope and read by listing the store's keys. A marker is written once, by the process that
 * owns its scope, before the scope's first entry: no key is shared by several scopes, so several
 * processes never read-modify-write the same key.
 */
import type { Store } from '../lib/store.js';

export const SCOPE_MARKER_PREFIX = 'ledger-scope:';
const MARKER_PREFIX = SCOPE_MARKER_PREFIX;

export const scopeMarkerKey = (scope: string) => `${MARKER_PREFIX}${scope}`;

/**
 * Before markers, one key listed every scope. It is read (never written) so a store from then
 * keeps its scopes; the ledger marks each of them as its owner opens it.
 */
export const LEGACY_SCOPES_KEY = 'ledger:scopes';

/** Every scope the store knows of. */
export async function listScopes(store: Store): Promise<Set<string>> {
  const legacy = ((await store.get(LEGACY_SCOPES_KEY)) as string[] | undefined) ?? [];
  return new Set([...legacy, ...(await markedScopes(store))]);
}

/** Scopes with a marker (the legacy list aside). */
export async function markedScopes(store: Store): Promise<Set<string>> {
  const scopes = new Set<string>();
  for await (const page of store.keys(MARKER_PREFIX))
    for (const key of page) scopes.add(key.slice(MARKER_PREFIX.length));
  return scopes;
}
