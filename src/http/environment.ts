/** The impure edges the model is handed with each request: the time and random bytes. */
import { createHash, randomBytes } from 'node:crypto';

/** Bytes of entropy handed to the model with each request. */
export const ENTROPY_BYTES_PER_REQUEST = 64;

/** UNIX seconds, with a fractional part. */
export function systemClock(): number {
  return Date.now() / 1000;
}

/**
 * 64 bytes per call. With a seed the sequence is reproducible (two SHA-256
 * digests of `${seed}:${counter}:0` and `:1`), so a seeded server hands out
 * the same keys on every run; without one it is crypto-random.
 */
export function createEntropySource(seed?: number | string): () => Uint8Array {
  if (seed === undefined) return () => new Uint8Array(randomBytes(ENTROPY_BYTES_PER_REQUEST));
  let counter = 0;
  return () => {
    const bytes = new Uint8Array(ENTROPY_BYTES_PER_REQUEST);
    bytes.set(sha256(`${seed}:${counter}:0`), 0);
    bytes.set(sha256(`${seed}:${counter}:1`), 32);
    counter += 1;
    return bytes;
  };
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
