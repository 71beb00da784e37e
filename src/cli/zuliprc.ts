/**
 * `--zuliprc DIR`: one zuliprc per active user (bots too), in the format the
 * Python `zulip` package, zulip-terminal and bots read: an `[api]` section
 * with email, key and site. Readable by the owner only: it holds an API key.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { State } from '../model/state.js';
import { rows } from '../model/tables/table.js';

/** Writes the files and returns their paths; `certBundle` (the certificate --https made) goes in as `cert_bundle`, which the Python client verifies with. */
export function writeZuliprcFiles(dir: string, state: State, site: string, certBundle?: string): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const user of rows(state.users)) {
    if (!user.isActive) continue;
    const file = join(dir, `${user.deliveryEmail}.zuliprc`);
    const bundle = certBundle === undefined ? '' : `cert_bundle=${resolve(certBundle)}\n`;
    writeFileSync(file, `[api]\nemail=${user.deliveryEmail}\nkey=${user.apiKey}\nsite=${site}\n${bundle}`, { mode: 0o600 });
    written.push(file);
  }
  return written;
}
