/** Feature levels 335–371 (the changelog's "Changes in Zulip 10.0"), oldest first. */
import { type LevelChange, noChange } from './change.js';

export const LEVELS_335_371: readonly LevelChange[] = [
  {
    level: 362,
    endpoints: ['POST /users/me/subscriptions', 'PATCH /users/me/subscriptions/properties'],
    change: 'Subscriptions in archived channels became changeable; before, they were frozen.',
    status: 'implemented',
    note: 'rules/feature-levels.ts canChangeArchivedSubscriptions, read by rules/subscriptions.ts',
  },
  {
    level: 363,
    endpoints: ['POST /register'],
    change: 'realm_billing in the register response.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (REALM_BILLING_FEATURE_LEVEL)',
  },
  {
    level: 369,
    endpoints: ['POST /register'],
    change: 'navigation_tour_video_url with onboarding_steps.',
    status: 'implemented',
    note: 'endpoints/register/fetch-types.ts keySince (NAVIGATION_TOUR_VIDEO_FEATURE_LEVEL)',
  },
  noChange(371, 'The Zulip 10.0 release.'),
];
