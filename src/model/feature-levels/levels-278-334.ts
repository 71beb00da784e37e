/** Feature levels 278–334 (the changelog's "Changes in Zulip 10.0"), oldest first. */
import type { LevelChange } from './change.js';

export const LEVELS_278_334: readonly LevelChange[] = [
  {
    level: 297,
    endpoints: ['POST /register'],
    change: 'saved_snippets in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (SAVED_SNIPPETS_FEATURE_LEVEL)',
  },
];
