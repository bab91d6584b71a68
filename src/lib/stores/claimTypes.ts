/** What claims are (claims.ts says how each store keeps them), apart so each store's module can use them. */

/** How long a Redis claim outlives its holder's last renewal (renewed every third of it). */
export const CLAIM_TTL_MS = 15_000;

export interface Claim {
  readonly name: string;
  /** Gives the claim up (at a clean stop). */
  release(): Promise<void>;
}

export type ClaimResult =
  | { readonly ok: true; readonly claim: Claim }
  /** Held by another process: `holder` as it described itself (undefined: not said yet). */
  | { readonly ok: false; readonly holder: string | undefined };

export interface Claims {
  /** Takes `name` for this process, described as `holder` (e.g. how to reach it). */
  claim(name: string, holder: string): Promise<ClaimResult>;
  /** Who holds `name` now, as it described itself; undefined when nobody does. */
  holder(name: string): Promise<string | undefined>;
  /** Ends the claims' connection (and so every claim). */
  close(): Promise<void>;
}

export interface ClaimsOptions {
  /** A claim was lost (the connection to the store ended, or Redis let it expire): stop serving. */
  readonly onLost: (name: string, why: string) => void;
  /** Redis: how long a claim outlives its last renewal (default CLAIM_TTL_MS; tests shorten it). */
  readonly ttlMs?: number;
}
