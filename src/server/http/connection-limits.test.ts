import { describe, expect, it } from 'vitest';
import { AddressSlots, addressOf, isLoopback } from './connection-limits.ts';

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
});
