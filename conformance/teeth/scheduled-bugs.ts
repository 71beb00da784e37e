/** Realistic bugs in scheduled messages and reminders, in the form of bugs.ts. */
import type { Bug } from './bugs.js';
import { is, rewrite, succeeded, withParams } from './distort.js';

const TEN_YEARS = 10 * 365 * 86400;

/** Moves a delivery time that has passed, or is near, a decade ahead. */
function postponed(params: Record<string, string>, horizon: number): void {
  const at = Number(params['scheduled_delivery_timestamp']);
  if (Number.isFinite(at) && at < Date.now() / 1000 + horizon) params['scheduled_delivery_timestamp'] = String(Math.floor(Date.now() / 1000) + TEN_YEARS);
}

export const SCHEDULED_BUGS: readonly Bug[] = [
  {
    name: 'a scheduled message for a time already past accepted',
    area: 'messages',
    only: 'scheduled.create.refused',
    caughtBy: ['scheduled.create.refused'],
    distortion: () => ({
      before: (request) => (is(request, 'POST', '/scheduled_messages') ? withParams(request, (params) => postponed(params, 0)) : request),
    }),
  },
  {
    name: 'scheduled messages never delivered',
    area: 'messages',
    only: 'scheduled.delivery',
    caughtBy: ['scheduled.delivery'],
    // A server whose delivery worker does not run: every message stays scheduled.
    distortion: () => ({
      before: (request) => (is(request, 'POST', '/scheduled_messages') ? withParams(request, (params) => postponed(params, 86400)) : request),
    }),
  },
  {
    name: 'reminders listed without the message they are about',
    area: 'messages',
    only: 'reminders.lifecycle',
    caughtBy: ['reminders.lifecycle'],
    distortion: () => ({
      after: (request, response) =>
        is(request, 'GET', '/reminders') && succeeded(response)
          ? rewrite(response, (body) => {
              for (const reminder of body['reminders'] ?? []) delete reminder['reminder_target_message_id'];
            })
          : response,
    }),
  },
];
