// Which addresses an outbound request may reach, decided on the address as numbers (ADR 209).
// Text prefixes miss spellings: the URL parser writes [::ffff:127.0.0.1] as [::ffff:7f00:1], and
// NAT64 (64:ff9b::/96) or 6to4 (2002::/16) carry an IPv4 address inside an IPv6 one. So both
// forms are parsed into bytes, IPv6 addresses that embed an IPv4 one are judged by it, and
// anything that is not public unicast is refused.

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

/** '192.168.0.1' → [192, 168, 0, 1]; only the four-decimal form (what resolvers and URLs give). */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.')
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) return null
  const bytes = parts.map(Number)
  return bytes.every((byte) => byte <= 255) ? bytes : null
}

function groupsOf(text: string): number[] | null {
  if (text === '') return []
  const groups: number[] = []
  const parts = text.split(':')
  for (const [index, part] of parts.entries()) {
    const v4 = index === parts.length - 1 && part.includes('.') ? parseIPv4(part) : null
    if (v4) groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!)
    else if (/^[0-9a-f]{1,4}$/i.test(part)) groups.push(parseInt(part, 16))
    else return null
  }
  return groups
}

/** '::ffff:7f00:1' → its 16 bytes; a zone ('%eth0') and brackets are ignored. */
export function parseIPv6(text: string): number[] | null {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const halves = bare.split('::')
  if (halves.length > 2) return null
  const head = groupsOf(halves[0]!)
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : []
  if (!head || !tail) return null
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail]
  return groups.flatMap((group) => [group >> 8, group & 0xff])
}

const inV4 = (bytes: number[], prefix: number[], bits: number) =>
  prefix.every((byte, i) => {
    const width = Math.min(8, Math.max(0, bits - i * 8))
    const mask = (0xff << (8 - width)) & 0xff
    return (bytes[i]! & mask) === (byte & mask)
  })

const V4_RANGES: [number[], number, RefusedRange][] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared (CGNAT)'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[240, 0, 0, 0], 4, 'reserved'],
]

/** The range a public-facing request must not reach, for IPv4 bytes. */
export function refusedIPv4(bytes: number[]): RefusedRange | null {
  return V4_RANGES.find(([prefix, bits]) => inV4(bytes, prefix, bits))?.[2] ?? null
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte)
const ZEROS_80 = Array<number>(10).fill(0)

/** The IPv4 address an IPv6 one stands for: mapped, translated, NAT64 or 6to4. */
export function embeddedIPv4(bytes: number[]): number[] | null {
  if (startsWith(bytes, [...ZEROS_80, 0xff, 0xff])) return bytes.slice(12) // ::ffff:a.b.c.d
  if (startsWith(bytes, [...Array<number>(8).fill(0), 0xff, 0xff, 0, 0])) return bytes.slice(12) // ::ffff:0:a.b.c.d
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...Array<number>(8).fill(0)])) return bytes.slice(12) // 64:ff9b::/96
  if (startsWith(bytes, [0x20, 0x02])) return bytes.slice(2, 6) // 2002:aabb:ccdd::/48
  return null
}

/** The range a public-facing request must not reach, for IPv6 bytes. */
export function refusedIPv6(bytes: number[]): RefusedRange | null {
  const v4 = embeddedIPv4(bytes)
  if (v4) return refusedIPv4(v4)
  if (bytes.every((byte) => byte === 0)) return 'unspecified'
  if (startsWith(bytes, [...Array<number>(15).fill(0), 1])) return 'loopback'
  if (startsWith(bytes, Array<number>(12).fill(0))) return 'reserved' // ::a.b.c.d (IPv4-compatible)
  if (bytes[0] === 0xff) return 'multicast'
  if ((bytes[0]! & 0xfe) === 0xfc) return 'unique-local'
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return 'link-local'
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return 'site-local'
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8])) return 'documentation'
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return 'teredo' // the real IPv4 is hidden inside
  // Only 2000::/3 is global unicast; 64:ff9b:1::/48 (local NAT64), 100::/64 and the rest are not.
  if ((bytes[0]! & 0xe0) !== 0x20) return 'not global unicast'
  return null
}

/** Why `address` (IPv4 or IPv6 text) may not be reached; null when it is a public address. */
export function refusedRange(address: string): RefusedRange | null {
  const v4 = parseIPv4(address)
  if (v4) return refusedIPv4(v4)
  const v6 = parseIPv6(address)
  return v6 ? refusedIPv6(v6) : 'not an IP address'
}

/** The address as an IP literal, or null for a host name ('[::1]' and '::1' are literals). */
export function ipLiteral(host: string): { address: string; family: 4 | 6 } | null {
  if (parseIPv4(host)) return { address: host, family: 4 }
  const bare = host.replace(/^\[|\]$/g, '')
  return bare.includes(':') && parseIPv6(bare) ? { address: bare, family: 6 } : null
}
