/** Feature levels 237–277 (the changelog's "Changes in Zulip 8.0 / 9.0"), oldest first. */
import { type LevelChange, noChange } from './change.js';

export const LEVELS_237_277: readonly LevelChange[] = [
  noChange(237, 'The Zulip 8.0 release.'),
  {
    level: 263,
    endpoints: ['POST /register'],
    change: 'presence_last_update_id in the presence section.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (PRESENCE_LAST_UPDATE_ID_FEATURE_LEVEL)',
  },
  noChange(277, 'The Zulip 9.0 release.'),
];
