/**
 * Which IP addresses are internal: loopback, private, link-local, carrier-grade NAT, multicast,
 * reserved or otherwise not meant to be reached from the public internet (IANA's special-purpose
 * registries). Pure; the image downloader refuses to connect to any of them.
 */
import { BlockList, isIP } from 'node:net';

type Family = 'ipv4' | 'ipv6';

function ranges(family: Family, table: Record<string, readonly string[]>): [string, BlockList][] {
  return Object.entries(table).map(([name, subnets]) => {
    const list = new BlockList();
    for (const subnet of subnets) {
      const [network = '', prefix] = subnet.split('/');
      list.addSubnet(network, Number(prefix), family);
    }
    return [name, list];
  });
}

const IPV4 = ranges('ipv4', {
  unspecified: ['0.0.0.0/8'],
  loopback: ['127.0.0.0/8'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  'link-local': ['169.254.0.0/16'],
  'carrier-grade NAT': ['100.64.0.0/10'],
  'IETF protocol assignments': ['192.0.0.0/24'],
  documentation: ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'],
  '6to4 relay': ['192.88.99.0/24'],
  benchmarking: ['198.18.0.0/15'],
  multicast: ['224.0.0.0/4'],
  // 240/4 includes the broadcast address 255.255.255.255.
  reserved: ['240.0.0.0/4'],
});

const IPV6 = ranges('ipv6', {
  unspecified: ['::/128'],
  loopback: ['::1/128'],
  'unique-local': ['fc00::/7'],
  'link-local': ['fe80::/10'],
  'site-local': ['fec0::/10'],
  multicast: ['ff00::/8'],
  // Teredo (2001::/32) hides an IPv4 address the host would reach through a relay.
  'IETF protocol assignments': ['2001::/23'],
  documentation: ['2001:db8::/32', '3fff::/20'],
  '6to4': ['2002::/16'],
});

/** Only 2000::/3 is allocated for global unicast: anything else is reserved or local. */
const GLOBAL_UNICAST = ranges('ipv6', { global: ['2000::/3'] })[0]?.[1] as BlockList;

/** The eight 16-bit groups of an IPv6 address (any textual form, without a zone). */
function groups(address: string): number[] {
  // The URL parser is Node's own canonical IPv6 form: lower case, no dotted quad.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) address stands for. */
function embeddedIpv4(address: string): string | undefined {
  const g = groups(address);
  const prefix = g
    .slice(0, 6)
    .map((group) => group.toString(16))
    .join(':');
  if (prefix !== '0:0:0:0:0:ffff' && prefix !== '64:ff9b:0:0:0:0') return undefined;
  const [high = 0, low = 0] = g.slice(6);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

function find(table: [string, BlockList][], address: string, family: Family): string | undefined {
  return table.find(([, list]) => list.check(address, family))?.[0];
}

/**
 * The name of the internal range `address` is in (e.g. "loopback", "private"), or undefined
 * for a public unicast address. Anything that is not an IP address counts as internal, so a
 * caller that checks before connecting fails closed.
 */
export function internalRange(address: string): string | undefined {
  // A zone (fe80::1%eth0) only ever qualifies a link-local address; the rules ignore it.
  const bare = address.split('%')[0] ?? '';
  const family = isIP(bare);
  if (family === 4) return find(IPV4, bare, 'ipv4');
  if (family !== 6) return 'not an IP address';
  try {
    const ipv4 = embeddedIpv4(bare);
    if (ipv4 !== undefined) return internalRange(ipv4);
    return find(IPV6, bare, 'ipv6') ?? (GLOBAL_UNICAST.check(bare, 'ipv6') ? undefined : 'reserved');
  } catch {
    return 'not an IP address';
  }
}
