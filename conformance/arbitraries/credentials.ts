/**
 * Authorization headers that must not get a request in: none at all, other
 * schemes, broken Basic encodings, a wrong or malformed key, an unknown
 * address, and a deactivated account's real credentials.
 */
import fc from 'fast-check';
import type { PropertyEnv } from '../properties/endpoint-spec.js';
import type { TargetAuth } from '../target.js';

export type BadCredentialKind =
  | 'absent'
  | 'not-basic'
  | 'bad-base64'
  | 'no-colon'
  | 'two-colons'
  | 'empty'
  | 'malformed-key'
  | 'wrong-key'
  | 'unknown-email'
  | 'deactivated';

export interface BadCredentials {
  readonly kind: BadCredentialKind;
  /** Free text mixed into the header where the kind allows (scheme name, garbage, key). */
  readonly noise: string;
}

const ALNUM = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');

const noiseFor: Record<BadCredentialKind, fc.Arbitrary<string>> = {
  absent: fc.constant(''),
  'not-basic': fc.constantFrom('Bearer', 'Digest', 'Token', 'Negotiate', 'Basicx', 'B4sic'),
  'bad-base64': fc.constantFrom('???', 'a', 'abc', '====', 'Zm9v!', 'é', '@@@@'),
  'no-colon': fc.constantFrom('', 'x'),
  'two-colons': fc.constantFrom(':', ':x'),
  empty: fc.constantFrom('', ' ', 'Basic', 'Basic '),
  'malformed-key': fc.constantFrom('', 'short', 'x'.repeat(33), 'a b c', '🐙'.repeat(16), '0'.repeat(31)),
  'wrong-key': fc.array(ALNUM, { minLength: 32, maxLength: 32 }).map((chars) => chars.join('')),
  'unknown-email': fc.constantFrom('nobody', 'no.such.user', 'user999999'),
  deactivated: fc.constant(''),
};

export const badCredentials: fc.Arbitrary<BadCredentials> = fc
  .constantFrom(...(Object.keys(noiseFor) as BadCredentialKind[]))
  .chain((kind) => noiseFor[kind].map((noise) => ({ kind, noise })));

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** The header (or credentials) to send for a drawn kind. */
export function credentialsFor(bad: BadCredentials, env: PropertyEnv): TargetAuth {
  const { self } = env;
  switch (bad.kind) {
    case 'absent':
      return null;
    case 'not-basic':
      return `${bad.noise} ${base64(`${self.email}:${self.apiKey}`)}`;
    case 'bad-base64':
      return `Basic ${bad.noise}`;
    case 'no-colon':
      return `Basic ${base64(`${self.email}${bad.noise}${self.apiKey}`)}`;
    case 'two-colons':
      return `Basic ${base64(`${self.email}:${self.apiKey}${bad.noise}:`)}`;
    case 'empty':
      return bad.noise;
    case 'malformed-key':
      return { email: self.email, apiKey: bad.noise };
    case 'wrong-key':
      // A drawn key that happens to be the right one would be a miracle; still, never send it.
      return { email: self.email, apiKey: bad.noise === self.apiKey ? `${bad.noise.slice(1)}x` : bad.noise };
    case 'unknown-email':
      return { email: `${env.unique(bad.noise)}@${env.domain}`.toLowerCase(), apiKey: self.apiKey };
    case 'deactivated':
      return env.deactivated;
  }
}

/** Headers a public endpoint must not care about: garbage, or someone's valid credentials. */
export const anyAuthorization: fc.Arbitrary<BadCredentials | 'valid'> = fc.oneof(badCredentials, fc.constant('valid' as const));
