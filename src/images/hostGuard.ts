/**
 * The image downloader's connector. Image URLs come from the service and redirects from the
 * content host, so either could point the bot at its own network (loopback, private ranges,
 * the cloud metadata address…). The address is checked when each connection is made, redirect
 * hops included, after DNS: a name that resolves, or later re-resolves, to an internal address
 * is refused before any socket connects. Hosts the operator allowlists (by the name or literal
 * address in the URL) are exempt.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { createRequire } from 'node:module';
import { isIP, type LookupFunction } from 'node:net';
import type { buildConnector } from 'undici';
import { normalizeHost } from '../lib/hosts.js';
import { internalRange } from './internalAddress.js';

/** Resolves every address of a host name, as `dns.lookup` with `all: true` (tests give a fake). */
export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** A connection refused because the image host is on an internal network. */
export class InternalHostError extends Error {
  readonly code = 'IMAGE_HOST_INTERNAL';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(`image host ${host} is at ${address} (${range}); not connecting`);
    this.name = 'InternalHostError';
  }
}

export { normalizeHost } from '../lib/hosts.js';

/**
 * A `lookup` for net.connect. Every resolved address is checked, not only the one connected to:
 * a name that mixes public and internal answers is refused outright.
 */
export function resolvingLookup(resolve: Resolver, check: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      for (const { address } of check ? addresses : []) {
        const range = internalRange(address);
        if (range !== undefined) return callback(new InternalHostError(hostname, address, range), '');
      }
      const [first] = addresses;
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

export interface HostGuardOptions {
  /** Longest wait for a connection (DNS included). */
  readonly timeoutMs: number;
  /** Hosts (names or addresses, as in the URL) connected to even on an internal network. */
  readonly allowlist: readonly string[];
  readonly resolve?: Resolver;
}

/** An undici `connect` that refuses internal addresses (see the file's comment). */
export function guardedConnector(options: HostGuardOptions): buildConnector.connector {
  const allowed = new Set(options.allowlist.map(normalizeHost));
  const resolve: Resolver =
    options.resolve ?? ((hostname, lookupOptions, done) => dnsLookup(hostname, lookupOptions, done));
  // undici is loaded when the first image is downloaded (download.ts makes its agent then).
  const { buildConnector: build } = createRequire(import.meta.url)('undici') as typeof import('undici');
  const open = build({ timeout: options.timeoutMs, lookup: resolvingLookup(resolve, false) });
  const checked = build({ timeout: options.timeoutMs, lookup: resolvingLookup(resolve, true) });
  return (connectOptions, callback) => {
    const host = connectOptions.hostname;
    if (allowed.has(normalizeHost(host))) return open(connectOptions, callback);
    // net.connect skips `lookup` exactly when isIP says a literal, so a literal is checked here.
    if (isIP(host) === 0) return checked(connectOptions, callback);
    const range = internalRange(host);
    if (range === undefined) return open(connectOptions, callback);
    // Asynchronous, as a failed socket would be: undici's client does not expect a re-entrant callback.
    process.nextTick(callback, new InternalHostError(host, host, range), null);
  };
}
