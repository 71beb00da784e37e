import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featureLevelReference } from './feature-level-reference.js';

describe('docs/feature-levels.md', () => {
  it('is the table as it stands (npm run docs:feature-levels)', () => {
    expect(readFileSync(fileURLToPath(new URL('../../docs/feature-levels.md', import.meta.url)), 'utf8')).toBe(featureLevelReference());
  });

  it('lists each change with its status and note', () => {
    const text = featureLevelReference([
      { level: 200, endpoints: ['GET /a'], change: 'A | B', status: 'approximate', note: 'differs' },
      { level: 201, endpoints: [], change: 'Nothing.', status: 'nothing-to-do', note: 'no API change' },
    ]);
    expect(text).toContain('| 200 | `GET /a` | A \\| B | **approximate**: differs |');
    expect(text).toContain('2 changes: 1 approximate, 1 nothing to do.');
  });
});
