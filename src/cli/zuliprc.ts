/**
 * `--zuliprc DIR`: one zuliprc per active user (bots too), in the format the
 * Python `zulip` package, zulip-terminal and bots read: an `[api]` section
 * with email, key and site. Readable by the owner only: it holds an API key.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { State } from '../model/state.js';
import { rows } from '../model/tables/table.js';

/** Writes the files and returns their paths. */
export function writeZuliprcFiles(dir: string, state: State, site: string): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const user of rows(state.users)) {
    if (!user.isActive) continue;
    const file = join(dir, `${user.deliveryEmail}.zuliprc`);
    writeFileSync(file, `[api]\nemail=${user.deliveryEmail}\nkey=${user.apiKey}\nsite=${site}\n`, { mode: 0o600 });
    written.push(file);
  }
  return written;
}
