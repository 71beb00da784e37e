/** The server's certificate for HTTPS: one made at start, or the caller's own, checked before listening. */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';
import { generateSelfSignedCertificate } from './self-signed.js';

/**
 * HTTPS. `true`: a self-signed certificate made at start for localhost, 127.0.0.1, ::1 and the host
 * (for 0.0.0.0 or ::, this machine's name and addresses too). Or the caller's own: PEM `cert` (the
 * certificate, intermediates after it) and its unencrypted PEM `key`.
 */
export type TlsOptions = true | { readonly cert: string | Buffer; readonly key: string | Buffer };

/** What a client needs to trust the server. */
export interface TlsInfo {
  /** The server's certificate (PEM); for a self-signed one, what clients add to their trusted authorities. */
  readonly certificate: string;
  /** Its SHA-256 fingerprint, as browsers and `openssl x509 -fingerprint -sha256` show it (AB:CD:…). */
  readonly fingerprint256: string;
  /** Whether chatref made it at start. */
  readonly selfSigned: boolean;
}

export interface ServerCredentials {
  readonly cert: string | Buffer;
  readonly key: string | Buffer;
  readonly info: TlsInfo;
}

/** A certificate or key that cannot be used; the message is one line naming which and why. */
export class TlsError extends Error {}

/** Where the names in the messages come from: `tls.cert` for the library, the file for the CLI. */
export interface TlsSources {
  readonly cert: string;
  readonly key: string;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** The names a client may reach `host` by. */
export function certificateNames(host: string): string[] {
  const names = ['localhost', '127.0.0.1', '::1'];
  if (WILDCARD_HOSTS.has(host)) {
    // Listening everywhere: a phone on the same network connects to one of this machine's addresses.
    names.push(hostname());
    for (const addresses of Object.values(networkInterfaces())) {
      // Link-local IPv6 addresses need a zone, which a URL's host cannot carry to a certificate check.
      for (const address of addresses ?? []) if ((address.scopeid ?? 0) === 0) names.push(address.address);
    }
  } else {
    names.push(host.replace(/^\[(.*)\]$/, '$1'));
  }
  return [...new Set(names)];
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.replace(/^error:[0-9A-F]+:/, '');
}

/** Parses and matches a certificate and key; throws TlsError in one line. */
export function checkCredentials(cert: string | Buffer, key: string | Buffer, sources: TlsSources): TlsInfo {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch (error) {
    throw new TlsError(`${sources.cert} is not a PEM certificate (${firstLine(error)})`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'ERR_MISSING_PASSPHRASE' ? 'it is encrypted; give an unencrypted key' : firstLine(error);
    throw new TlsError(`${sources.key} is not a PEM private key (${why})`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new TlsError(`${sources.key} is not the private key of the certificate in ${sources.cert}`);
  }
  return { certificate: certificate.toString(), fingerprint256: certificate.fingerprint256, selfSigned: false };
}

/** The certificate and key to listen with. */
export async function serverCredentials(tls: TlsOptions, host: string, now: Date): Promise<ServerCredentials> {
  if (tls === true) {
    const { cert, key } = await generateSelfSignedCertificate(certificateNames(host), now);
    const certificate = new X509Certificate(cert);
    return { cert, key, info: { certificate: cert, fingerprint256: certificate.fingerprint256, selfSigned: true } };
  }
  return { cert: tls.cert, key: tls.key, info: checkCredentials(tls.cert, tls.key, { cert: 'tls.cert', key: 'tls.key' }) };
}
