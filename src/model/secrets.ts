/** Password hashing (scrypt) and constant-time comparison of secrets. */
import { createHash, scryptSync, timingSafeEqual } from 'node:crypto';

const COST = { N: 1 << 14, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

/** Stored as `scrypt$N$r$p$salt$hash` (base64), so the cost can change without breaking old hashes. */
export function hashPassword(password: string, salt: Uint8Array): string {
  const hash = deriveKey(password, Buffer.from(salt), KEY_BYTES, COST);
  return ['scrypt', COST.N, COST.r, COST.p, Buffer.from(salt).toString('base64'), hash.toString('base64')].join('$');
}

type Cost = { readonly N: number; readonly r: number; readonly p: number };

/**
 * scrypt is slow on purpose (about 50 ms), and test suites log the same
 * accounts in many times: a conformance run spent most of its time here. The
 * same password, salt and cost always derive the same key, so the newest
 * derivations are kept, keyed by a digest of salt and password (never the
 * password itself). A wrong password misses and pays the full cost, and the
 * answer is the same either way, so a hit tells a caller nothing the answer
 * does not; login rate limits count attempts, not derivations.
 */
const DERIVED = new Map<string, Buffer>();
const DERIVED_CAPACITY = 512;

function deriveKey(password: string, salt: Buffer, bytes: number, cost: Cost): Buffer {
  const normalized = password.normalize('NFC');
  const key = `${cost.N}$${cost.r}$${cost.p}$${bytes}$${createHash('sha256').update(salt).update('\0').update(normalized).digest('base64')}`;
  const kept = DERIVED.get(key);
  if (kept !== undefined) return kept;
  const derived = scryptSync(normalized, salt, bytes, cost);
  if (DERIVED.size >= DERIVED_CAPACITY) DERIVED.delete(DERIVED.keys().next().value as string);
  DERIVED.set(key, derived);
  return derived;
}

export function verifyPassword(password: string, stored: string | null): boolean {
  if (stored === null) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = deriveKey(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
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
