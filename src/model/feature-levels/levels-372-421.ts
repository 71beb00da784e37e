/** Feature levels 372–421 (the changelog's "Changes in Zulip 11.0"), oldest first. */
import { type LevelChange, noChange } from './change.js';

export const LEVELS_372_421: readonly LevelChange[] = [
  {
    level: 389,
    endpoints: ['POST /register'],
    change: 'channel_folders in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (CHANNEL_FOLDERS_FEATURE_LEVEL)',
  },
  {
    level: 390,
    endpoints: ['POST /register'],
    change: 'navigation_views in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (NAVIGATION_VIEWS_FEATURE_LEVEL)',
  },
  {
    level: 391,
    endpoints: ['POST /user_groups/{user_group_id}/members', 'POST /user_groups/{user_group_id}/subgroups'],
    change: 'Members and subgroups of deactivated groups became changeable.',
    status: 'implemented',
    note: 'rules/feature-levels.ts canChangeDeactivatedGroupMembership, read by endpoints/user-groups/membership.ts',
  },
  {
    level: 399,
    endpoints: ['POST /register'],
    change: 'reminders in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (REMINDERS_FEATURE_LEVEL)',
  },
  {
    level: 404,
    endpoints: ['PATCH /streams/{stream_id}', 'POST /users/me/subscriptions'],
    change: 'The topics_policy value empty_topic_only; before, an invalid value.',
    status: 'implemented',
    note: 'rules/feature-levels.ts knowsEmptyTopicOnlyPolicy, read by endpoints/streams/update-stream.ts',
  },
  {
    level: 406,
    endpoints: ['POST /register'],
    change: 'push_devices in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (PUSH_DEVICES_FEATURE_LEVEL)',
  },
  noChange(421, 'The Zulip 11.0 release.'),
];
