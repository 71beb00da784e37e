import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './secrets.js';

describe('password hashes', () => {
  const salt = new Uint8Array(16).fill(7);

  it('are scrypt of the NFC form, with cost and salt in the stored string', () => {
    const stored = hashPassword('Cafe\u0301', salt);
    const [scheme, n, r, p, storedSalt, hash] = stored.split('$');
    expect([scheme, n, r, p, storedSalt]).toEqual(['scrypt', '16384', '8', '1', Buffer.from(salt).toString('base64')]);
    expect(hash).toBe(scryptSync('Caf\u00e9', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64'));
  });

  it('verify the same password however often it is tried (kept derivations), and refuse any other', () => {
    const stored = hashPassword('correct horse', salt);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(verifyPassword('correct horse', stored)).toBe(true);
      expect(verifyPassword('correct horsE', stored)).toBe(false);
    }
    // The same password under another salt is another key.
    expect(verifyPassword('correct horse', hashPassword('x', new Uint8Array(16).fill(8)))).toBe(false);
    expect(verifyPassword('correct horse', hashPassword('correct horse', new Uint8Array(16).fill(8)))).toBe(true);
    expect(verifyPassword('correct horse', null)).toBe(false);
  });
});
