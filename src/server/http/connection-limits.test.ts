import { describe, expect, it } from 'vitest';
import { AddressSlots, addressOf, clientAddress, isLoopback } from './connection-limits.ts';

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
    // Nonsense or a list is not an address: the proxy's own address stands.
    expect(clientAddress('127.0.0.1', 'evil, 1.2.3.4', trusted)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', ['1.2.3.4', '5.6.7.8'], trusted)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', undefined, trusted)).toBe('127.0.0.1');
  });
});
