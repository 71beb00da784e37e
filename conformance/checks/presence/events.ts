/** presence events: a user's first report reaches the others at once, in the form each queue asked for. */
import { type CheckContext, defineChecks } from '../../check.js';
import { exactEvent, expectEvents, match } from '../../events/expect-events.js';
import { withQueues } from '../../events/queue.js';
import { expectSuccess } from '../../expect.js';
import { apiEmailOf, report } from './support.js';

const TYPES = ['presence'];
/** Changelog 419: the simplified_presence_events capability (presence events in the modern form). */
const SIMPLIFIED_PRESENCE_EVENTS_SINCE = 419;

async function firstReport(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator } = ctx.cast;
  const user = await ctx.newUser();
  const email = await apiEmailOf(ctx, member, user.userId);
  const queues = {
    legacy: [member, { eventTypes: TYPES }],
    modern: [otherMember, { eventTypes: TYPES, capabilities: ['simplified_presence_events'] }],
    slim: [administrator, { eventTypes: TYPES, params: { slim_presence: 'true' } }],
  } as const;
  await withQueues(ctx, queues, async (opened) => {
    expectSuccess(await report(ctx, user, { status: 'active' }));
    const website = { client: 'website', status: 'active', timestamp: match.integer(), pushable: false };
    const legacy = {
      type: 'presence',
      user_id: user.userId,
      server_timestamp: match.where('a number', (value) => typeof value === 'number'),
      presence: { website },
    };
    await expectEvents(opened.legacy, [exactEvent({ ...legacy, email })], { what: 'a first presence report', clause: 'events.presence.first-report' });
    // Before 419 there is no simplified_presence_events: that queue gets the legacy form too.
    const modern =
      ctx.featureLevel >= SIMPLIFIED_PRESENCE_EVENTS_SINCE
        ? exactEvent({ type: 'presence', presences: { [String(user.userId)]: { active_timestamp: match.integer(), idle_timestamp: match.integer() } } })
        : exactEvent({ ...legacy, email });
    await expectEvents(opened.modern, [modern], { what: 'a first presence report, with simplified_presence_events', clause: 'events.presence.first-report' });
    await expectEvents(opened.slim, [exactEvent(legacy)], { what: 'a first presence report, on a slim_presence queue', clause: 'events.presence.slim' });
  });
}

export const PRESENCE_EVENT_CHECKS = defineChecks([
  {
    id: 'events.presence.first-report',
    title:
      'Given presence queues of three users, when a fresh user first reports active, then each gets presence: legacy, modern with simplified_presence_events, without email with slim_presence',
    clauses: ['events.presence.first-report', 'events.presence.slim'],
    level: 'compat',
    endpoint: 'POST /users/me/presence',
    run: firstReport,
  },
]);
