/**
 * The events property on the model: no request changes what a user sees
 * through POST /register without an event reaching that user's queue.
 * (The conformance suite's oracle goes further and applies the events.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createModel, type Model } from '../in-process.js';
import { CHANNEL, CORDELIA, DESDEMONA, GROUP, HAMLET, HAMLET_BOT, IAGO, POLONIUS, SHIVA, T0 } from '../testing/default-realm.js';

const SEED = 20261125;
const VIEWERS = [DESDEMONA, IAGO, SHIVA, HAMLET, CORDELIA, POLONIUS, HAMLET_BOT];
const ACTORS = [DESDEMONA, IAGO, SHIVA, HAMLET, CORDELIA, POLONIUS];
const CAPABILITIES = JSON.stringify({ notification_settings_null: true, archived_channels: true, include_deactivated_groups: true });

type Call = readonly [string, string, Record<string, string>];

const text = fc.constantFrom('Ophelia', 'Yorick', 'the court', '🐙', '');
const channelId = fc.constantFrom(...Object.values(CHANNEL));
const userId = fc.constantFrom(1, 2, 3, 4, 5, 6, 8, 9);
const groupId = fc.constantFrom(...Object.values(GROUP));
const call: fc.Arbitrary<Call> = fc.oneof(
  fc.tuple(
    fc.constant('PATCH'),
    userId.map((id) => `/users/${id}`),
    fc.record({ full_name: text, role: fc.constantFrom('200', '300', '400', '600') }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('DELETE'),
    userId.map((id) => `/users/${id}`),
    fc.constant({}),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/users'),
    fc.record({ email: fc.constantFrom('laertes@chatref.test', 'osric@chatref.test'), password: fc.constant('a-Strong-passw0rd-42'), full_name: text }),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/users/me/status'),
    fc.record({ status_text: text, emoji_name: fc.constantFrom('octopus', '') }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constant('/users/me/profile_data'),
    fc.constantFrom<Record<string, string>>({ data: '[{"id":1,"value":"+1 555"}]' }, { data: '[{"id":2,"value":"Thane"}]' }),
  ),
  fc.tuple(fc.constant('POST'), fc.constant('/realm/profile_fields'), fc.record({ name: text, field_type: fc.constant('1') })),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constantFrom(1, 3, 7).map((id) => `/realm/profile_fields/${id}`),
    fc.record({ hint: text, field_data: fc.constant('{"1":{"text":"Emacs","order":"1"}}') }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('DELETE'),
    fc.constantFrom(2, 8).map((id) => `/realm/profile_fields/${id}`),
    fc.constant({}),
  ),
  fc.tuple(fc.constant('PATCH'), fc.constant('/realm/profile_fields'), fc.constant({ order: '[8, 7, 6, 5, 4, 3, 2, 1]' })),
  fc.tuple(fc.constant('POST'), fc.constant('/saved_snippets'), fc.record({ title: text, content: fc.constant('Hello') })),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constantFrom(1, 2).map((id) => `/saved_snippets/${id}`),
    fc.record({ title: text, content: text }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('DELETE'),
    fc.constantFrom(1, 2).map((id) => `/saved_snippets/${id}`),
    fc.constant({}),
  ),
  fc.tuple(fc.constant('POST'), fc.constant('/calls/provider/create'), fc.constant({})),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/drafts'),
    fc.constantFrom<Record<string, string>>(
      { drafts: `[{"type":"stream","to":[${CHANNEL.denmark}],"topic":"t","content":"draft"}]` },
      { drafts: '[{"type":"private","to":[5],"topic":"","content":"psst"}]' },
    ),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/navigation_views'),
    fc.constantFrom<Record<string, string>>({ fragment: 'narrow/is/starred', is_pinned: 'true' }, { fragment: 'narrow/x', is_pinned: 'false', name: 'X' }),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/scheduled_messages'),
    fc.constantFrom<Record<string, string>>(
      { type: 'stream', to: String(CHANNEL.denmark), topic: 'later', content: 'soon', scheduled_delivery_timestamp: String(T0 + 100_000) },
      { type: 'direct', to: '[5]', content: 'soon', scheduled_delivery_timestamp: String(T0 + 100_000) },
    ),
  ),
  fc.tuple(fc.constant('POST'), fc.constant('/reminders'), fc.constant({ message_id: '1', scheduled_delivery_timestamp: String(T0 + 100_000) })),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/bots'),
    fc.record(
      {
        full_name: fc.constantFrom('Ghost Bot', 'Yorick Bot'),
        short_name: fc.constantFrom('ghost', 'yorick'),
        default_sending_stream: fc.constantFrom('Denmark', 'Scotland'),
      },
      { requiredKeys: ['full_name', 'short_name'] },
    ),
  ),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constant(`/bots/${HAMLET_BOT.userId}`),
    fc.record(
      { full_name: text, default_events_register_stream: fc.constantFrom('Denmark', ''), bot_owner_id: fc.constantFrom('2', '5') },
      { requiredKeys: [] },
    ),
  ),
  fc.tuple(fc.constant('DELETE'), fc.constant(`/bots/${HAMLET_BOT.userId}`), fc.constant({})),
  fc.tuple(
    fc.constant('POST'),
    userId.map((id) => `/users/${id}/reactivate`),
    fc.constant({}),
  ),
  // Within this property's few seconds every presence change is one the real server announces (a new row, or back online).
  fc.tuple(fc.constant('POST'), fc.constant('/users/me/presence'), fc.record({ status: fc.constantFrom('active', 'idle') })),
  fc.tuple(
    fc.constant('POST'),
    userId.map((id) => `/users/${id}/status`),
    fc.record({ status_text: text, away: fc.constantFrom('true', 'false') }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/users/me/subscriptions'),
    fc.record(
      {
        subscriptions: fc.constantFrom('[{"name":"Denmark"}]', '[{"name":"Scotland"}]', '[{"name":"new place"}]'),
        invite_only: fc.constantFrom('true', 'false'),
      },
      { requiredKeys: ['subscriptions'] },
    ),
  ),
  fc.tuple(
    fc.constant('DELETE'),
    fc.constant('/users/me/subscriptions'),
    fc.constantFrom<Record<string, string>>({ subscriptions: '["Denmark"]' }, { subscriptions: '["Scotland"]' }, { subscriptions: '["general"]' }),
  ),
  fc.tuple(
    fc.constant('PATCH'),
    channelId.map((id) => `/streams/${id}`),
    fc.record({ description: text, new_name: fc.constantFrom('Norway', 'Wittenberg'), is_private: fc.constantFrom('true', 'false') }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('DELETE'),
    channelId.map((id) => `/streams/${id}`),
    fc.constant({}),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/user_groups/create'),
    fc.record({ name: fc.constantFrom('gravediggers', 'players'), description: text, members: fc.constantFrom('[4]', '[5,6]') }),
  ),
  fc.tuple(
    fc.constant('PATCH'),
    groupId.map((id) => `/user_groups/${id}`),
    fc.record({ name: fc.constantFrom('courtiers', 'soldiers'), description: text }, { requiredKeys: [] }),
  ),
  fc.tuple(
    fc.constant('POST'),
    groupId.map((id) => `/user_groups/${id}/members`),
    fc.constantFrom<Record<string, string>>({ add: '[6]' }, { delete: '[4]' }, { add: '[3]', delete: '[5]' }),
  ),
  fc.tuple(
    fc.constant('POST'),
    groupId.map((id) => `/user_groups/${id}/deactivate`),
    fc.constant({}),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/messages'),
    fc.constantFrom<Record<string, string>>(
      { type: 'stream', to: 'Denmark', topic: 'news', content: 'hello @**King Hamlet**' },
      { type: 'stream', to: 'Scotland', topic: 'plots', content: 'in secret' },
      { type: 'direct', to: '[6]', content: 'psst' },
      { type: 'direct', to: '[4, 5]', content: 'a group aside' },
    ),
  ),
  fc.tuple(fc.constant('POST'), fc.constant('/users/me/alert_words'), fc.constantFrom<Record<string, string>>({ alert_words: '["court", "Yorick"]' })),
  fc.tuple(fc.constant('DELETE'), fc.constant('/users/me/alert_words'), fc.constant({ alert_words: '["court"]' })),
  fc.tuple(
    fc.constantFrom('POST', 'DELETE'),
    userId.map((id) => `/users/me/muted_users/${id}`),
    fc.constant({}),
  ),
  fc.tuple(
    fc.constantFrom('POST'),
    fc.constant('/user_topics'),
    fc.record({ stream_id: channelId.map(String), topic: fc.constantFrom('news', 'plots', ''), visibility_policy: fc.constantFrom('0', '1', '3') }),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/users/me/subscriptions/properties'),
    channelId.map((id) => ({ subscription_data: JSON.stringify([{ stream_id: id, property: 'is_muted', value: true }]) })),
  ),
  fc.tuple(fc.constant('POST'), fc.constant('/mark_all_as_read'), fc.constant({})),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/mark_stream_as_read'),
    channelId.map((id) => ({ stream_id: String(id) })),
  ),
  fc.tuple(
    fc.constant('POST'),
    channelId.map((id) => `/streams/${id}/delete_topic`),
    fc.constantFrom<Record<string, string>>({ topic_name: 'news' }, { topic_name: 'plots' }),
  ),
  fc.tuple(fc.constant('POST'), fc.constant('/channel_folders/create'), fc.record({ name: text, description: text })),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constantFrom(1, 2).map((id) => `/channel_folders/${id}`),
    fc.record({ name: text, description: text, is_archived: fc.constantFrom('true', 'false') }, { requiredKeys: [] }),
  ),
  fc.tuple(fc.constant('PATCH'), fc.constant('/channel_folders'), fc.constantFrom<Record<string, string>>({ order: '[2, 1]' }, { order: '[1, 2]' })),
  fc.tuple(
    fc.constant('PATCH'),
    channelId.map((id) => `/streams/${id}`),
    fc.constantFrom<Record<string, string>>({ folder_id: '1' }, { folder_id: 'null' }),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/channels/create'),
    fc.record({ name: fc.constantFrom('Yorick', 'the court'), subscribers: fc.constantFrom('[]', '[4, 5]'), invite_only: fc.constantFrom('true', 'false') }),
  ),
  fc.tuple(
    fc.constantFrom('POST', 'DELETE'),
    fc.constant('/default_streams'),
    channelId.map((id) => ({ stream_id: String(id) })),
  ),
  fc.tuple(
    fc.constant('POST'),
    fc.constant('/realm/playgrounds'),
    fc.record({ name: text, pygments_language: fc.constantFrom('Python', 'Rust'), url_template: fc.constant('https://play.example.com/?c={code}') }),
  ),
  fc.tuple(
    fc.constant('DELETE'),
    fc.constantFrom(1, 2).map((id) => `/realm/playgrounds/${id}`),
    fc.constant({}),
  ),
  fc.tuple(fc.constant('POST'), fc.constant('/invites'), fc.constant({ invitee_emails: 'laertes@example.com', stream_ids: '[]' })),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constant('/realm/user_settings_defaults'),
    fc.constantFrom<Record<string, string>>({ enter_sends: 'true' }, { emojiset: 'text', web_font_size_px: '18' }),
  ),
  fc.tuple(
    fc.constant('PATCH'),
    fc.constant('/realm'),
    fc.constantFrom<Record<string, string>>(
      { name: 'Elsinore' },
      { topics_policy: 'disable_empty_topic' },
      { can_access_all_users_group: '{"new": 2}' },
      { waiting_period_threshold: '3' },
    ),
  ),
);
const step = fc.tuple(fc.constantFrom(...ACTORS), call);

type Actor = { email: string; apiKey: string };

/** What a user sees through register, without the queue's own fields. */
function snapshot(model: Model, viewer: Actor): string {
  // No event_types: the whole state. The queue this makes is deleted at once.
  const body = model.call('POST', '/register', { client_capabilities: CAPABILITIES, include_subscribers: 'true' }, { auth: viewer }).body as Record<
    string,
    unknown
  >;
  model.call('DELETE', '/events', { queue_id: body['queue_id'] as string }, { auth: viewer });
  // server_timestamp is the clock at the fetch, not state.
  const { queue_id: _queueId, server_timestamp: _serverTimestamp, ...rest } = body;
  return JSON.stringify(rest);
}

/** The number of events the viewer's queue got, or null once the viewer can no longer authenticate (deactivated). */
function received(model: Model, viewer: Actor, queue: { id: string; last: number }): number | null {
  const response = model.call('GET', '/events', { queue_id: queue.id, last_event_id: String(queue.last), dont_block: 'true' }, { auth: viewer });
  if (response.status === 401) return null;
  const body = response.body as { events: { id: number }[] };
  for (const event of body.events) queue.last = Math.max(queue.last, event.id);
  return body.events.length;
}

describe('events over random write sequences', () => {
  it('reach every user whose register state a request changed', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        let now = T0;
        const model = createModel({ seed: 'completeness', clock: () => (now += 1) });
        const viewers = VIEWERS.map((viewer) => {
          const body = model.call('POST', '/register', { fetch_event_types: '[]', client_capabilities: CAPABILITIES }, { auth: viewer }).body as Record<
            string,
            unknown
          >;
          return { viewer, queue: { id: body['queue_id'] as string, last: -1 }, seen: snapshot(model, viewer) };
        });
        for (const [actor, [method, path, params]] of steps) {
          const status = model.call(method, path, params, { auth: actor }).status;
          for (const entry of viewers) {
            const events = received(model, entry.viewer, entry.queue);
            if (events === null) continue;
            const seen = snapshot(model, entry.viewer);
            if (seen !== entry.seen && events === 0) {
              expect.fail(
                `${method} ${path} ${JSON.stringify(params)} by ${actor.email} (status ${status}) changed what ${entry.viewer.email} sees, but sent them no event`,
              );
            }
            entry.seen = seen;
          }
        }
      }),
      { seed: SEED, numRuns: 40 },
    );
    // Each step registers every viewer afresh: a few hundred full registers.
  });
});
