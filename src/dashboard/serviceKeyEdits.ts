/**
 * A server's own service key set or cleared from the dashboard, as an edit (edits.ts) applied by
 * the server's owning process through its ServiceKeys (settings/serviceKeys.ts), which stays the
 * one writer of `servicekey:<server>` and of its cache of opened keys.
 *
 * The key never travels in the clear: the dashboard seals it at once, under the operator's
 * DATA_ENCRYPTION_KEY with a seal of its own (TRANSIT_SEAL_INFO, apart from the stored keys'
 * seal) bound to the server's id, and only that sealed text is put in the edit, so an edit kept
 * in the store's inbox (editInbox.ts) holds no plain key. The owner opens it and sets it.
 */
import { createSeal, type Seal } from '../lib/seal.js';
import { type ServiceKeys, serviceKeyProblem } from '../settings/serviceKeys.js';

/** The HKDF info of the seal of keys on their way to the owning process. */
export const TRANSIT_SEAL_INFO = 'discord-service-bot dashboard service-key edit v1';

/** The seal of keys in edits; undefined without DATA_ENCRYPTION_KEY (no key can be kept then). */
export const transitSeal = (dataEncryptionKey: Buffer | undefined): Seal | undefined =>
  dataEncryptionKey && createSeal({ key: dataEncryptionKey }, TRANSIT_SEAL_INFO);

export type ServiceKeyEdit =
  | {
      readonly kind: 'service-key-set';
      /** The key sealed by `transitSeal` for this server; never the key itself. */
      readonly sealed: string;
      readonly setBy: string;
      readonly setAt: number;
    }
  | { readonly kind: 'service-key-clear' };

/** The objects an owner applies them with (both undefined without DATA_ENCRYPTION_KEY). */
export interface ServiceKeyTargets {
  readonly serviceKeys?: Pick<ServiceKeys, 'set' | 'clear'> | undefined;
  readonly transit?: Seal | undefined;
}

/** The owner's refusals, in English like edits.ts's (the dashboard says them in the viewer's words). */
export const KEYS_NEED_ENCRYPTION = 'The process running this server cannot keep service keys.';
export const KEY_UNOPENED = 'The process running this server could not open the key: set it again.';
export const KEY_INVALID = 'That is not a service key.';

/** The edit that sets `key` (already checked with serviceKeyProblem), sealed for `guildId`. */
export const serviceKeySet = (
  transit: Seal,
  guildId: string,
  key: string,
  setBy: string,
  setAt: number,
): ServiceKeyEdit => ({ kind: 'service-key-set', sealed: transit.seal(key, guildId), setBy, setAt });

export async function applyServiceKeyEdit(
  targets: ServiceKeyTargets,
  guildId: string,
  edit: ServiceKeyEdit,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const { serviceKeys, transit } = targets;
  if (!serviceKeys || !transit) return { ok: false, error: KEYS_NEED_ENCRYPTION };
  if (edit.kind === 'service-key-clear') {
    await serviceKeys.clear(guildId);
    return { ok: true };
  }
  const key = transit.open(edit.sealed, guildId);
  if (key === undefined) return { ok: false, error: KEY_UNOPENED };
  if (serviceKeyProblem(key) !== undefined) return { ok: false, error: KEY_INVALID };
  await serviceKeys.set(guildId, key, edit.setBy, edit.setAt);
  return { ok: true };
}
