import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8::8', '2001:db8:0:0::/64'],
    ['2001:0db8:0000:0042:abcd:ef01:2345:6789', '2001:db8:0:42::/64'],
    ['2001:db8:1:2:3::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});
