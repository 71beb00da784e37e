/** Feature levels 461–496 (the changelog's "Changes in Zulip 12.0"), oldest first. */
import type { LevelChange } from './change.js';

export const LEVELS_461_496: readonly LevelChange[] = [
  {
    level: 493,
    endpoints: ['POST /register'],
    change: 'has_webex_token with video_calls.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (WEBEX_TOKEN_FEATURE_LEVEL)',
  },
  {
    level: 496,
    endpoints: ['POST /user_groups/{user_group_id}/members', 'POST /user_groups/create', 'PATCH /user_groups/{user_group_id}'],
    change: 'Bots may change user groups.',
    status: 'implemented',
    note: 'rules/feature-levels.ts canBotsChangeGroupMembership, the allowBots of endpoints/user-groups/update-user-group-members.ts',
  },
];
