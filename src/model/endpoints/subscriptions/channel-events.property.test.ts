/**
 * The channel writes over random sequences: after every request, each
 * user's client, having applied the events its queue received, holds the
 * channel state a fresh register gives (see channel-events-client.ts for
 * what no event keeps true on the real server either).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createModel } from '../../../in-process.js';
import { CHANNEL, CORDELIA, DESDEMONA, GROUP, HAMLET, HAMLET_BOT, IAGO, POLONIUS, SHIVA, T0 } from '../../../testing/default-realm.js';
import { channelClient, comparable } from './channel-events-client.js';

const SEED = 20260412;
const VIEWERS = [DESDEMONA, IAGO, SHIVA, HAMLET, CORDELIA, POLONIUS, HAMLET_BOT];
const ACTORS = [DESDEMONA, IAGO, SHIVA, HAMLET, CORDELIA, POLONIUS];

type Call = readonly [string, string, Record<string, string>];

const option = <T extends string>(...values: T[]) => fc.constantFrom(...values);
const userIds = option('[4]', '[5,6]', '[6]', '[2,3]', '[4,5]', '[1,2,3,4]');
const channelPath = fc.constantFrom(...Object.values(CHANNEL), 7, 8).map((id) => `/streams/${id}`);
const groupChange = option('{"new": 8}', `{"new": ${GROUP.hamletcharacters}}`, '{"new": {"direct_members": [5], "direct_subgroups": []}}', '{"new": 2}');

const subscribe = fc.record(
  {
    subscriptions: option(
      '[{"name":"Denmark"}]',
      '[{"name":"Scotland"}]',
      '[{"name":"new place"}]',
      '[{"name":"Verona"},{"name":"general"}]',
      '[{"name":"other"},{"name":"Denmark"}]',
      '[{"name":"Elsinore"}]',
    ),
    invite_only: option('true', 'false'),
    is_web_public: option('true', 'false'),
    is_default_stream: option('true', 'false'),
    principals: userIds,
  },
  { requiredKeys: ['subscriptions'] },
);
const unsubscribe = fc.record(
  { subscriptions: option('["Denmark"]', '["Scotland"]', '["general"]', '["new place"]', '["Verona","other"]', '["Elsinore"]'), principals: userIds },
  { requiredKeys: ['subscriptions'] },
);
const channelChange = fc.oneof(
  fc.record({ description: option('Yorick', ''), new_name: option('Norway', 'Wittenberg') }, { requiredKeys: [] }),
  fc.record(
    { is_private: option('true', 'false'), is_web_public: option('true', 'false'), history_public_to_subscribers: option('true', 'false') },
    { requiredKeys: [] },
  ),
  fc.record({ is_default_stream: option('true', 'false') }),
  fc.record({ is_archived: option('false') }),
  fc.record({ can_subscribe_group: groupChange, can_administer_channel_group: groupChange, can_add_subscribers_group: groupChange }, { requiredKeys: [] }),
  fc.record({ can_send_message_group: option('{"new": 2}', '{"new": 6}', '{"new": 3}') }),
  fc.record(
    { topics_policy: option('inherit', 'disable_empty_topic'), message_retention_days: option('unlimited', '5'), folder_id: option('null') },
    { requiredKeys: [] },
  ),
);
const call: fc.Arbitrary<Call> = fc.oneof(
  fc.tuple(fc.constant('POST'), fc.constant('/users/me/subscriptions'), subscribe),
  fc.tuple(fc.constant('DELETE'), fc.constant('/users/me/subscriptions'), unsubscribe),
  fc.tuple(fc.constant('PATCH'), channelPath, channelChange),
  fc.tuple(fc.constant('DELETE'), channelPath, fc.constant({})),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constant('/realm'),
    fc.constantFrom({ can_access_all_users_group: '{"new": 5}' }, { can_access_all_users_group: '{"new": 6}' }),
  ),
);

describe('channel events over random write sequences', () => {
  it('keep every client’s channel state equal to a fresh register', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...ACTORS), call), { minLength: 1, maxLength: 10 }), fc.boolean(), (steps, archivedChannels) => {
        let now = T0;
        const model = createModel({ seed: 'channel-events', clock: () => (now += 1) });
        const capabilities: Record<string, boolean> = archivedChannels ? { archived_channels: true } : {};
        const clients = VIEWERS.map((viewer) => ({ viewer, client: channelClient(model, viewer, capabilities) }));
        const done: string[] = [];
        for (const [actor, [method, path, params]] of steps) {
          const status = model.call(method, path, params, { auth: actor }).status;
          done.push(`${actor.email}: ${method} ${path} ${JSON.stringify(params)} → ${status}`);
          for (const { viewer, client } of clients) {
            const events = client.poll();
            const what = `${done.join('\n')}\nas seen by ${viewer.email} (archived_channels: ${archivedChannels}) after ${JSON.stringify(events)}`;
            expect(comparable(client.state), what).toEqual(comparable(client.fresh()));
          }
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
