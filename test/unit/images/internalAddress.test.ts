import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { internalRange } from '../../../src/images/internalAddress.js';

/** The IPv4 ranges written again as integer arithmetic, independent of the BlockList rules. */
const INTERNAL_IPV4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const toInt = (address: string) => address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
const toAddress = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
const inRange = (n: number, [network, prefix]: [string, number]) =>
  Math.floor(n / 2 ** (32 - prefix)) === Math.floor(toInt(network) / 2 ** (32 - prefix));
const isInternal = (n: number) => INTERNAL_IPV4.some((range) => inRange(n, range));
const hex = (n: number) => `${((n >>> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}`;

/** Any address in one of the ranges. */
const internalIpv4 = fc
  .constantFrom(...INTERNAL_IPV4)
  .chain(([network, prefix]) =>
    fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => toInt(network) + offset),
  );
const publicIpv4 = fc.integer({ min: 0, max: 2 ** 32 - 1 }).filter((n) => !isInternal(n));

describe('internal addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['192.0.0.170', 'IETF protocol assignments'],
    ['198.18.0.1', 'benchmarking'],
    ['203.0.113.7', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['FEBF::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'IETF protocol assignments'],
    ['2002:a00:1::1', '6to4'],
    ['100::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    // IPv4-mapped and NAT64 addresses are judged by the IPv4 address inside them.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local'],
    ['::FFFF:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['localhost', 'not an IP address'],
    ['', 'not an IP address'],
    ['127.1', 'not an IP address'],
    ['1.2.3.4.5', 'not an IP address'],
  ])('%s is internal (%s)', (address, range) => {
    expect(internalRange(address)).toBe(range);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.167.255.255',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '3ffe::1',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::1.1.1.1',
  ])('%s is public', (address) => {
    expect(internalRange(address)).toBeUndefined();
  });

  it('every IPv4 address in an internal range is internal, in each of its IPv6 forms too', () => {
    fc.assert(
      fc.property(internalIpv4, (n) => {
        const address = toAddress(n);
        expect(internalRange(address)).toBeDefined();
        expect(internalRange(`::ffff:${address}`)).toBe(internalRange(address));
        expect(internalRange(`::ffff:${hex(n)}`)).toBe(internalRange(address));
        expect(internalRange(`64:ff9b::${hex(n)}`)).toBe(internalRange(address));
      }),
      { numRuns: 2000 },
    );
  });

  it('every other IPv4 address is public, in each of its IPv6 forms too', () => {
    fc.assert(
      fc.property(publicIpv4, (n) => {
        const address = toAddress(n);
        expect(internalRange(address)).toBeUndefined();
        expect(internalRange(`::ffff:${address}`)).toBeUndefined();
        expect(internalRange(`64:ff9b::${address}`)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('an IPv6 address outside global unicast (2000::/3) is never public', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const outside = fc
      .tuple(group, fc.array(group, { minLength: 7, maxLength: 7 }))
      .filter(([first]) => first < 0x2000 || first > 0x3fff)
      .map(([first, rest]) => [first, ...rest].map((g) => g.toString(16)).join(':'));
    fc.assert(
      fc.property(outside, (address) => {
        // The IPv4-mapped and NAT64 prefixes are judged by the IPv4 address inside them.
        fc.pre(!/^0:0:0:0:0:ffff:|^64:ff9b:0:0:0:0:/.test(address));
        expect(internalRange(address)).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });
});
