import { describe, expect, test } from 'vitest'
import { ipLiteral, refusedRange } from './address-ranges.server'

describe('addresses an outbound request may not reach', () => {
  test.each([
    // IPv4
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['192.0.0.170', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['ff05::2', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['64:ff9b:1::a00:1', 'not global unicast'],
    ['100::1', 'not global unicast'],
    ['::7f00:1', 'reserved'],
    // IPv4-mapped, as typed and as the URL parser writes it
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:0001', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    // NAT64 and 6to4 embedding a private IPv4
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::c0a8:101', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a00:1::', 'private'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    // not addresses at all
    ['localhost', 'not an IP address'],
    ['1.2.3', 'not an IP address'],
    ['1:2:3:4:5:6:7:8:9', 'not an IP address'],
    ['01.2.3.4', 'not an IP address'],
  ])('%s is refused (%s)', (address, range) => {
    expect(refusedRange(address)).toBe(range)
  })

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '200.147.67.142',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2800:3f0:4001:80f::200e',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public and allowed', (address) => {
    expect(refusedRange(address)).toBeNull()
  })
})

test('literals are told from host names', () => {
  expect(ipLiteral('[::ffff:7f00:1]')).toEqual({ address: '::ffff:7f00:1', family: 6 })
  expect(ipLiteral('127.0.0.1')).toEqual({ address: '127.0.0.1', family: 4 })
  expect(ipLiteral('feeds.example.com.br')).toBeNull()
  expect(ipLiteral('1.2.3')).toBeNull()
  expect(ipLiteral('1::2::3')).toBeNull()
  expect(ipLiteral('12345::')).toBeNull()
})
