/** Feature levels 185–236 (the changelog's "Changes in Zulip 7.0 / 8.0"), oldest first. */
import { type LevelChange, noChange } from './change.js';

export const LEVELS_185_236: readonly LevelChange[] = [
  noChange(185, 'The Zulip 7.0 release.'),
  noChange(186, 'Reserved for 7.x maintenance releases.'),
  noChange(187, 'Reserved for 7.x maintenance releases.'),
  {
    level: 208,
    endpoints: ['POST /users/me/subscriptions', 'DELETE /users/me/subscriptions'],
    change: 'An unknown or deactivated principal is 400 BAD_REQUEST; before, 403 UNAUTHORIZED_PRINCIPAL.',
    status: 'implemented',
    note: 'rules/feature-levels.ts hasLegacyPrincipalErrors, read by rules/subscriptions.ts',
  },
];
