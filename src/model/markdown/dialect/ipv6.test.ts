import { describe, expect, it } from 'vitest';
import { isIPv6Address } from './ipv6.js';

describe('isIPv6Address (Python ipaddress rules)', () => {
  it.each([
    '::1',
    '::',
    '2001:db8::1',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    'fe80::1%eth0',
    '::ffff:192.0.2.128',
    '1:2:3:4:5:6:1.2.3.4',
    '1::',
    '1:2:3:4:5:6:7::',
  ])('accepts %s', (text) => expect(isIPv6Address(text)).toBe(true));
  it.each([
    '',
    '1',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    'g::1',
    '12345::1',
    '::1.2.3',
    '1.2.3.4::',
    '%eth0',
    '::1%',
    '1:2:3:4:5:6:7:1.2.3.4',
    ':1::',
  ])('refuses %s', (text) => expect(isIPv6Address(text)).toBe(false));
});
