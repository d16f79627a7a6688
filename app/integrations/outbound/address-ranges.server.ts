// Which addresses an outbound request may reach, decided on the address as numbers (ADR 209), by
// Node's own `net.BlockList`: text prefixes miss spellings (the URL parser writes
// [::ffff:127.0.0.1] as [::ffff:7f00:1]), and BlockList compares parsed addresses, IPv4-mapped
// IPv6 ones judged by their IPv4 rules. IPv6 forms that carry an IPv4 address inside another
// prefix (translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) get each IPv4 range
// at the same place, and anything that is not public unicast is refused.
import { BlockList, isIP } from 'node:net'

/** Why an address is refused; null when it is public. */
export type RefusedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared (CGNAT)'
  | 'link-local'
  | 'reserved'
  | 'documentation'
  | 'multicast'
  | 'broadcast'
  | 'unique-local'
  | 'site-local'
  | 'teredo'
  | 'not global unicast'
  | 'not an IP address'

const V4_RANGES: Array<[string, number, RefusedRange]> = [
  ['255.255.255.255', 32, 'broadcast'], // first: it is inside 240.0.0.0/4 too
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
]

const V6_RANGES: Array<[string, number, RefusedRange]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'reserved'], // ::a.b.c.d, IPv4-compatible
  ['ff00::', 8, 'multicast'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['2001:db8::', 32, 'documentation'],
  ['2001::', 32, 'teredo'], // the real IPv4 is hidden inside
]

/** Where an IPv4 address sits inside an IPv6 one, and the prefix's length in bits. */
const EMBEDDINGS: Array<{ at: (hex: string) => string; bits: number }> = [
  { at: (hex) => `::ffff:0:${hex}`, bits: 96 }, // translated
  { at: (hex) => `64:ff9b::${hex}`, bits: 96 }, // NAT64
  { at: (hex) => `2002:${hex}::`, bits: 16 }, // 6to4
]
/** Prefixes whose addresses are judged by the IPv4 address they carry, not as IPv6 unicast. */
const CARRIES_IPV4 = new BlockList()
CARRIES_IPV4.addSubnet('::ffff:0:0', 96, 'ipv6')
CARRIES_IPV4.addSubnet('::ffff:0:0:0', 96, 'ipv6')
CARRIES_IPV4.addSubnet('64:ff9b::', 96, 'ipv6')
const GLOBAL_UNICAST = new BlockList()
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6')

const hexOf = (v4: string) => {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number]
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
}

/** One BlockList per reason, asked in the order each reason first appears above. */
const RANGES: Array<[RefusedRange, BlockList]> = (() => {
  const lists = new Map<RefusedRange, BlockList>()
  const listOf = (reason: RefusedRange) => lists.get(reason) ?? lists.set(reason, new BlockList()).get(reason)!
  for (const [network, bits, reason] of V4_RANGES) {
    const list = listOf(reason)
    list.addSubnet(network, bits, 'ipv4') // IPv4, and IPv4-mapped IPv6
    for (const { at, bits: prefix } of EMBEDDINGS) list.addSubnet(at(hexOf(network)), prefix + bits, 'ipv6')
  }
  for (const [network, bits, reason] of V6_RANGES) listOf(reason).addSubnet(network, bits, 'ipv6')
  return [...lists]
})()

/** The address as an IP literal, or null for a host name ('[::1]' and '::1' are literals). */
export function ipLiteral(host: string): { address: string; family: 4 | 6 } | null {
  const bare = host.replace(/^\[|\]$/g, '')
  const family = isIP(bare.replace(/%.*$/, ''))
  return family === 4 || family === 6 ? { address: bare, family } : null
}

/** Why `address` (IPv4 or IPv6 text) may not be reached; null when it is a public address. */
export function refusedRange(address: string): RefusedRange | null {
  const literal = ipLiteral(address)
  if (!literal) return 'not an IP address'
  const bare = literal.address.replace(/%.*$/, '') // a zone ('%eth0') names an interface, not an address
  const type = literal.family === 4 ? 'ipv4' : 'ipv6'
  const found = RANGES.find(([, list]) => list.check(bare, type))
  if (found) return found[0]
  if (type === 'ipv6' && !CARRIES_IPV4.check(bare, type) && !GLOBAL_UNICAST.check(bare, type))
    return 'not global unicast'
  return null
}
