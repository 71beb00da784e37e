/**
 * An upload's stored name and path, and its content type when the client
 * gave none (the real server's sanitize_name, generate_message_upload_path
 * and get_file_info; reference server-messages-channels §12.1).
 */
import { lookup } from 'mime-types';
import type { EntropyReader } from '../entropy.js';

/** What Python's str.isspace() accepts (its `\s`), which is wider than JavaScript's `\s`. */
const PY_SPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** Python's `\w` on str: letters, numbers and `_`; combining marks are not word characters there. */
const NOT_KEPT = new RegExp(`[^\\p{L}\\p{N}_${PY_SPACE}.-]`, 'gu');
const EDGE_SPACE = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g');
const DASH_RUNS = new RegExp(`[-${PY_SPACE}]+`, 'g');

/** NFKC, then only word characters, whitespace, `.` and `-`, trimmed, each run of whitespace or `-` one `-`; case kept. */
export function sanitizeUploadName(name: string): string {
  const value = name.normalize('NFKC').replace(NOT_KEPT, '').replace(EDGE_SPACE, '').replace(DASH_RUNS, '-');
  return value === '' || value === '.' || value === '..' ? 'uploaded-file' : value;
}

function base64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** `<realm_id>/<0–ff in hex, unpadded>/<24-character URL-safe token>/<sanitised name>`, drawn from the request's entropy. */
export function drawUploadPath(realmId: number, fileName: string, entropy: EntropyReader): string {
  const bucket = entropy.take(1)[0]!.toString(16);
  return `${realmId}/${bucket}/${base64Url(entropy.take(18))}/${sanitizeUploadName(fileName)}`;
}

/** A temporary link's token: upper-case hex, like the real server's base16-encoded signature. */
export function drawTemporaryToken(entropy: EntropyReader): string {
  return Buffer.from(entropy.take(24)).toString('hex').toUpperCase();
}

/** The name as the real server records it: percent-escapes decoded (a bad escape stays as written). */
export function unquoteUploadName(name: string): string {
  return name.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The type recorded for an upload: the client's, else one guessed from the name, else application/octet-stream. */
export function uploadContentType(declared: string, fileName: string): string {
  if (declared !== '') return declared;
  const guessed = lookup(fileName);
  return guessed === false ? 'application/octet-stream' : guessed;
}
