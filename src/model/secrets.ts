/** Password hashing (scrypt) and constant-time comparison of secrets. */
import { scryptSync, timingSafeEqual } from 'node:crypto';

const COST = { N: 1 << 14, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

/** Stored as `scrypt$N$r$p$salt$hash` (base64), so the cost can change without breaking old hashes. */
export function hashPassword(password: string, salt: Uint8Array): string {
  const hash = scryptSync(password.normalize('NFC'), salt, KEY_BYTES, COST);
  return ['scrypt', COST.N, COST.r, COST.p, Buffer.from(salt).toString('base64'), hash.toString('base64')].join('$');
}

export function verifyPassword(password: string, stored: string | null): boolean {
  if (stored === null) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** Compares two secrets without leaking, through timing, where they first differ. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(b, b);
    return false;
  }
  return timingSafeEqual(a, b);
}
