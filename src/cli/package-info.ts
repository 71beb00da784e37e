/** The installed package: its version and the fixtures it ships, found from wherever this code runs (src/ or dist/). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../fixtures/package-root.js';

export function packageVersion(): string {
  const root = packageRoot();
  if (root === null) return 'unknown';
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The fixture names `--fixture` takes: the embedded default and every folder under fixtures/ that holds a realm.json. */
export function fixtureNames(): string[] {
  const root = packageRoot();
  const folders = root === null ? [] : readdirSync(join(root, 'fixtures'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const names = folders.map((entry) => entry.name).filter((name) => existsSync(join(root!, 'fixtures', name, 'realm.json')));
  return ['default', ...names.filter((name) => name !== 'default').sort()];
}
