import { describe, expect, it } from 'vitest';
import {
  AddressSlots,
  addressKey,
  addressOf,
  clientAddress,
  isLoopback,
  UNNAMED_CLIENT,
} from './connection-limits.ts';

describe('connection limits', () => {
  it('caps sockets per address and in total, and forgets an address once it has none', () => {
    const slots = new AddressSlots(2, 3);
    expect(slots.take('a')).toBeNull();
    expect(slots.take('a')).toBeNull();
    expect(slots.take('a')).toBe('per_address');
    expect(slots.take('b')).toBeNull();
    expect(slots.take('c')).toBe('total');
    slots.release('a');
    expect(slots.take('c')).toBeNull();
    for (const address of ['a', 'b', 'c']) slots.release(address);
    expect(slots.size()).toBe(0);
    expect(slots.addresses()).toBe(0);
    slots.release('never-seen');
    expect(slots.size()).toBe(0);
  });

  it('folds IPv4-mapped addresses and knows loopback', () => {
    expect(addressOf({ remoteAddress: '::ffff:10.0.0.7' })).toBe('10.0.0.7');
    expect(addressOf({})).toBe('unknown');
    expect(isLoopback('127.0.0.2')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('10.0.0.7')).toBe(false);
  });

  it('lets a trusted load balancer hold more than one address’s share, within the total', () => {
    const slots = new AddressSlots(1, 3);
    expect(slots.take('127.0.0.1', false)).toBeNull();
    expect(slots.take('127.0.0.1', false)).toBeNull();
    expect(slots.take('127.0.0.1', false)).toBeNull();
    expect(slots.take('127.0.0.1', false)).toBe('total');
  });

  it('takes the client address from X-Real-IP only when a trusted proxy sent it', () => {
    const trusted = ['127.0.0.1'];
    expect(clientAddress('127.0.0.1', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '::ffff:203.0.113.9', trusted)).toBe('203.0.113.9');
    // A client cannot claim another address by sending the header itself.
    expect(clientAddress('198.51.100.4', '203.0.113.9', trusted)).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', '203.0.113.9', [])).toBe('198.51.100.4');
    // Nonsense, a list or nothing names no client, and never the proxy itself (loopback).
    for (const header of ['evil, 1.2.3.4', ['1.2.3.4', '5.6.7.8'], undefined, '', 'localhost']) {
      const client = clientAddress('127.0.0.1', header, trusted);
      expect(client).toBe(UNNAMED_CLIENT);
      expect(isLoopback(client)).toBe(false);
    }
    expect(clientAddress('::1', undefined, ['::1'])).toBe(UNNAMED_CLIENT);
    // A loopback client the proxy names is one (a scraper on the proxy's machine).
    expect(isLoopback(clientAddress('127.0.0.1', '127.0.0.1', trusted))).toBe(true);
  });

  it('counts the sockets of one IPv6 /64 together, as the rate limits do', () => {
    const slots = new AddressSlots(2, 10);
    expect(slots.take('2001:db8:1:2::a')).toBeNull();
    expect(slots.take('2001:db8:1:2:ffff:1:2:3')).toBeNull();
    expect(slots.take('2001:db8:1:2::c')).toBe('per_address');
    expect(slots.take('2001:db8:1:3::a')).toBeNull();
    expect(slots.addresses()).toBe(2);
    slots.release('2001:db8:1:2::a');
    expect(slots.take('2001:db8:1:2:0:0:0:9')).toBeNull();
    // IPv4 addresses each count alone, mapped or not.
    expect(slots.take('203.0.113.9')).toBeNull();
    expect(slots.take('::ffff:203.0.113.9')).toBeNull();
    expect(slots.take('203.0.113.9')).toBe('per_address');
    expect(slots.take('203.0.113.10')).toBeNull();
  });

  it('refuses an address over its own cap without reporting the total as the reason', () => {
    const slots = new AddressSlots(1, 1);
    expect(slots.take('a')).toBeNull();
    expect(slots.take('a')).toBe('per_address');
    expect(slots.take('b')).toBe('total');
  });
});

describe('addressKey', () => {
  it('keeps IPv4, folds IPv4-mapped IPv6 and counts IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
