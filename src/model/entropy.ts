/**
 * Deterministic randomness: the request brings bytes, the model draws keys and
 * salts from them and stretches them with SHA-256 when it needs more.
 */
import { createHash } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_LENGTH = 32;

export class EntropyReader {
  private pool: Uint8Array;
  private offset = 0;
  private generation = 0;

  constructor(private readonly seed: Uint8Array) {
    this.pool = seed;
  }

  take(count: number): Uint8Array {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      if (this.offset >= this.pool.length) this.refill();
      out[i] = this.pool[this.offset++]!;
    }
    return out;
  }

  private refill(): void {
    this.generation += 1;
    this.pool = createHash('sha256').update(this.seed).update(String(this.generation)).digest();
    this.offset = 0;
  }
}

/** A 32-character alphanumeric key, drawn without modulo bias. */
export function drawApiKey(entropy: EntropyReader): string {
  let key = '';
  while (key.length < API_KEY_LENGTH) {
    const byte = entropy.take(1)[0]!;
    if (byte < 248) key += ALPHANUMERIC[byte % 62];
  }
  return key;
}
