/** Feature levels 422–460 (the changelog's "Changes in Zulip 12.0"), oldest first. */
import { type LevelChange, noChange } from './change.js';

export const LEVELS_422_460: readonly LevelChange[] = [
  noChange(422, 'Reserved for 11.x maintenance releases.'),
  noChange(423, 'Reserved for 11.x maintenance releases.'),
  noChange(424, 'Reserved for 11.x maintenance releases.'),
  {
    level: 434,
    endpoints: ['POST /register', 'PATCH /realm', 'POST /users/me/subscriptions'],
    change: 'The send_channel_events_messages realm setting; before, every new channel got a channel-events message.',
    status: 'implemented',
    note: 'rules/feature-levels.ts alwaysSendsChannelEventsMessages, read by endpoints/subscriptions/notifications.ts',
  },
  {
    level: 439,
    endpoints: ['GET /events'],
    change: 'The legacy update_display_settings and update_global_notifications events stopped.',
    status: 'implemented',
    note: 'rules/user-settings.ts sendsLegacyUserSettingsForms; endpoints/register/fetch-types.ts until',
  },
];
