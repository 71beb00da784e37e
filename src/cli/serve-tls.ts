/** `chatref serve`'s HTTPS options: a certificate made at start, or the caller's own files. */
import { readFileSync, writeFileSync } from 'node:fs';
import { checkCredentials, TlsError, type TlsInfo, type TlsOptions } from '../http/tls.js';
import { StartupError, UsageError } from './usage-error.js';

export const TLS_USAGE = `  --https            serve HTTPS with a self-signed certificate made at start for localhost, 127.0.0.1, ::1
                     and --host (for 0.0.0.0, this machine's addresses too); the first line carries it as
                     "tls": {"fingerprint_sha256", "certificate"} (PEM), for clients to trust
  --tls-cert-out FILE
                     with --https, also write the certificate to FILE (PEM): curl --cacert FILE,
                     NODE_EXTRA_CA_CERTS=FILE, or install it on a phone or emulator as a trusted authority;
                     --zuliprc files name it as cert_bundle
  --tls-cert FILE --tls-key FILE
                     serve HTTPS with your own certificate (PEM, intermediates after it) and unencrypted key`;

export const TLS_OPTIONS = {
  https: { type: 'boolean', default: false },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  'tls-cert-out': { type: 'string' },
} as const;

export interface TlsArgs {
  /** Made at start (`self-signed`), from files, or none. */
  readonly mode: 'none' | 'self-signed' | 'files';
  readonly certFile: string | undefined;
  readonly keyFile: string | undefined;
  readonly certOut: string | undefined;
}

export function tlsArgs(values: { https?: boolean; 'tls-cert'?: string; 'tls-key'?: string; 'tls-cert-out'?: string }): TlsArgs {
  const certFile = values['tls-cert'];
  const keyFile = values['tls-key'];
  const certOut = values['tls-cert-out'];
  if ((certFile === undefined) !== (keyFile === undefined)) throw new UsageError('--tls-cert and --tls-key go together');
  if (certFile === '' || keyFile === '' || certOut === '') throw new UsageError('--tls-cert, --tls-key and --tls-cert-out need a file');
  const files = certFile !== undefined;
  if (files && certOut !== undefined) throw new UsageError('--tls-cert-out writes the certificate --https makes; with --tls-cert you have it already');
  if (!files && certOut !== undefined && values.https !== true) throw new UsageError('--tls-cert-out needs --https');
  return { mode: files ? 'files' : values.https === true ? 'self-signed' : 'none', certFile, keyFile, certOut };
}

function readPem(option: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'a directory' : String(code ?? error);
    throw new StartupError(`cannot read ${option} ${file}: ${why}`);
  }
}

/** The server's `tls` option: for files, read and checked here, so that a bad one is one line before anything starts. */
export function tlsOption(args: TlsArgs): TlsOptions | undefined {
  if (args.mode === 'none') return undefined;
  if (args.mode === 'self-signed') return true;
  const cert = readPem('--tls-cert', args.certFile!);
  const key = readPem('--tls-key', args.keyFile!);
  try {
    checkCredentials(cert, key, { cert: `--tls-cert ${args.certFile}`, key: `--tls-key ${args.keyFile}` });
  } catch (error) {
    throw error instanceof TlsError ? new StartupError(error.message) : error;
  }
  return { cert, key };
}

/** Writes the certificate for --tls-cert-out; a failure is one line. */
export function writeCertificate(file: string, info: TlsInfo): void {
  try {
    writeFileSync(file, info.certificate);
  } catch (error) {
    throw new StartupError(`cannot write --tls-cert-out ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** The first line's `tls` member. */
export function tlsLine(info: TlsInfo | null) {
  return info === null ? {} : { tls: { fingerprint_sha256: info.fingerprint256, certificate: info.certificate, self_signed: info.selfSigned } };
}
