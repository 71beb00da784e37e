/** The impure edges the model is handed with each request: the time and random bytes. */
import { createHash, randomFillSync } from 'node:crypto';

/** Bytes of entropy handed to the model with each request. */
export const ENTROPY_BYTES_PER_REQUEST = 64;

/** Requests served from one fill of the system randomness pool (one syscall per 1024 requests). */
const POOL_REQUESTS = 1024;

/** UNIX seconds, with a fractional part. */
export function systemClock(): number {
  return Date.now() / 1000;
}

/**
 * 64 bytes per call. With a seed the sequence is reproducible (the SHA-512
 * digest of `${seed}:${counter}`), so a seeded server hands out the same keys
 * on every run; without one it is crypto-random.
 */
export function createEntropySource(seed?: number | string): () => Uint8Array {
  if (seed === undefined) {
    const pool = new Uint8Array(ENTROPY_BYTES_PER_REQUEST * POOL_REQUESTS);
    let offset = pool.length;
    return () => {
      if (offset === pool.length) {
        randomFillSync(pool);
        offset = 0;
      }
      offset += ENTROPY_BYTES_PER_REQUEST;
      return pool.slice(offset - ENTROPY_BYTES_PER_REQUEST, offset);
    };
  }
  let counter = 0;
  return () => new Uint8Array(createHash('sha512').update(`${seed}:${counter++}`, 'utf8').digest());
}
