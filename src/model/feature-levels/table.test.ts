import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../routes.js';
import { FEATURE_LEVEL, ZULIP_VERSION } from '../version.js';
import { OLDEST_FEATURE_LEVEL, RELEASES, serverVersionAt, unsupportedFeatureLevel } from './releases.js';
import { FEATURE_LEVEL_CHANGES, LEGACY_ENDPOINTS } from './table.js';

const here = dirname(fileURLToPath(import.meta.url));
// A legacy endpoint may itself be new at a level (it then lives between two levels).
const operations = new Map([...ENDPOINTS, ...LEGACY_ENDPOINTS].map((endpoint) => [endpoint.operation, endpoint]));

describe('the feature-level table', () => {
  it('lists its rows in level order, within the levels chatref serves', () => {
    const levels = FEATURE_LEVEL_CHANGES.map((change) => change.level);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(levels[0]).toBeGreaterThanOrEqual(OLDEST_FEATURE_LEVEL);
    expect(levels[levels.length - 1]).toBeLessThanOrEqual(FEATURE_LEVEL);
  });

  it('has a row for every level from Zulip 7.0 to the newest', () => {
    const listed = new Set(FEATURE_LEVEL_CHANGES.map((change) => change.level));
    const missing: number[] = [];
    for (let level = OLDEST_FEATURE_LEVEL; level <= FEATURE_LEVEL; level++) if (!listed.has(level)) missing.push(level);
    expect(missing).toEqual([]);
  });

  it('says for every row where it is implemented or why it needs nothing', () => {
    for (const change of FEATURE_LEVEL_CHANGES) {
      expect(change.change.length, `level ${change.level}`).toBeGreaterThan(0);
      expect(change.note.length, `level ${change.level}: ${change.change}`).toBeGreaterThan(0);
    }
  });

  it('names only endpoints and parameters chatref has', () => {
    for (const change of FEATURE_LEVEL_CHANGES) {
      const downgrade = change.downgrade ?? {};
      const named = [
        ...(downgrade.addsEndpoints ?? []),
        ...Object.keys(downgrade.addsParams ?? {}),
        ...Object.keys(downgrade.addsResponseKeys ?? {}),
        ...Object.keys(downgrade.request ?? {}),
        ...Object.keys(downgrade.response ?? {}),
        ...Object.keys(downgrade.error ?? {}).filter((operation) => operation !== '*'),
      ];
      for (const operation of named) expect(operations.has(operation), `level ${change.level} names ${operation}`).toBe(true);
      for (const [operation, names] of Object.entries(downgrade.addsParams ?? {})) {
        const shape = operations.get(operation)!.params.shape;
        for (const name of names) expect(name in shape, `level ${change.level}: ${operation} has no parameter ${name}`).toBe(true);
      }
    }
  });

  it('gives each legacy endpoint a method and path of its own', () => {
    const current = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    for (const endpoint of LEGACY_ENDPOINTS) expect(current.has(`${endpoint.method} ${endpoint.path}`), endpoint.path).toBe(false);
  });

  it('is tested, file by file, at each level it lists', () => {
    const files = readdirSync(here).filter((name) => /^levels-\d+-\d+\.ts$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const test = readFileSync(join(here, file.replace(/\.ts$/, '.test.ts')), 'utf8');
      expect(test, file).toContain('describeLevelChanges(');
    }
  });
});

describe('server versions', () => {
  it('names the releases by their own versions, and levels between them after the next major', () => {
    expect(serverVersionAt(185)).toEqual({ zulipVersion: '7.0', zulipMergeBase: '7.0' });
    expect(serverVersionAt(277).zulipVersion).toBe('9.0');
    expect(serverVersionAt(300).zulipVersion).toBe('10.0-dev+chatref');
    expect(serverVersionAt(FEATURE_LEVEL).zulipVersion).toBe(ZULIP_VERSION);
    expect(RELEASES.map((release) => release.featureLevel)).toEqual([185, 237, 277, 371, 421]);
  });

  it('serves 185 to the newest level and nothing else', () => {
    expect(unsupportedFeatureLevel(OLDEST_FEATURE_LEVEL)).toBeNull();
    expect(unsupportedFeatureLevel(FEATURE_LEVEL)).toBeNull();
    expect(unsupportedFeatureLevel(184)).toContain('185');
    expect(unsupportedFeatureLevel(FEATURE_LEVEL + 1)).toContain(String(FEATURE_LEVEL));
    expect(unsupportedFeatureLevel(200.5)).toContain('integer');
  });
});
