import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { channelId, clockedModel, drain, edit, read, register, send, topicMessages } from './update-message-support.js';

const HAMLET_MENTION = `@_**King Hamlet|${HAMLET.userId}**`;

function threeInTopic(model: ReturnType<typeof clockedModel>['model'], topic = 'plans') {
  return [send(model, HAMLET, 'general', topic, 'one'), send(model, CORDELIA, 'general', topic, 'two'), send(model, HAMLET, 'general', topic, 'three')];
}

describe('PATCH /messages/{message_id}: topic moves', () => {
  it('moves only the target with change_one, the target and later ones with change_later, the whole topic with change_all', () => {
    const { model } = clockedModel();
    const [a, b, c] = threeInTopic(model);
    expectSuccess(edit(model, HAMLET, b!, { topic: 'one only', send_notification_to_new_thread: 'false' }));
    expect(topicMessages(model, HAMLET, 'general', 'one only').map((m) => m['id'])).toEqual([b]);
    expectSuccess(edit(model, HAMLET, a!, { topic: 'later', propagate_mode: 'change_later', send_notification_to_new_thread: 'false' }));
    expect(topicMessages(model, HAMLET, 'general', 'later').map((m) => m['id'])).toEqual([a, c]);
    expectSuccess(edit(model, HAMLET, c!, { topic: 'ALL', propagate_mode: 'change_all', send_notification_to_new_thread: 'false' }));
    expect(topicMessages(model, HAMLET, 'general', 'all').map((m) => m['id'])).toEqual([a, c]);
    expect(topicMessages(model, HAMLET, 'general', 'later')).toEqual([]);
  });

  it('finds the topic without regard to case', () => {
    const { model } = clockedModel();
    const a = send(model, HAMLET, 'general', 'Plans', 'one');
    const b = send(model, HAMLET, 'general', 'plans', 'two');
    expectSuccess(edit(model, HAMLET, a, { topic: 'elsewhere', propagate_mode: 'change_all' }));
    expect(topicMessages(model, HAMLET, 'general', 'elsewhere').map((m) => m['id'])).toEqual([a, b, expect.any(Number)]);
  });

  it('sends update_message with the move fields to the readers, and sets last_moved_timestamp with a topic-only history entry', () => {
    const { model } = clockedModel();
    const [a, b] = threeInTopic(model);
    const queue = register(model, CORDELIA, ['update_message']);
    expectSuccess(edit(model, HAMLET, a!, { topic: 'https://example.com/x', propagate_mode: 'change_all', send_notification_to_new_thread: 'false' }));
    const event = drain(model, CORDELIA, queue)[0]!;
    expect(event).toEqual({
      type: 'update_message',
      user_id: HAMLET.userId,
      edit_timestamp: expect.any(Number),
      message_id: a,
      message_ids: [a, b, expect.any(Number)],
      rendering_only: false,
      stream_name: 'general',
      stream_id: 1,
      propagate_mode: 'change_all',
      orig_subject: 'plans',
      subject: 'https://example.com/x',
      topic_links: [{ text: 'https://example.com/x', url: 'https://example.com/x' }],
      flags: [],
      id: 0,
    });
    const other = read(model, CORDELIA, b!);
    expect(other['last_moved_timestamp']).toBe(event['edit_timestamp']);
    expect(other).not.toHaveProperty('last_edit_timestamp');
    expect(other['edit_history']).toEqual([
      { user_id: HAMLET.userId, timestamp: event['edit_timestamp'], prev_topic: 'plans', topic: 'https://example.com/x' },
    ]);
  });

  it('trims the new topic, reads "general chat" as the empty topic, and truncates to 60 characters', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectSuccess(edit(model, HAMLET, id, { topic: '  general chat ' }));
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${id}`, { allow_empty_topic_name: 'true' }))['message']['subject']).toBe('');
    expectSuccess(edit(model, HAMLET, id, { topic: 'x'.repeat(70) }));
    expect(read(model, HAMLET, id)['subject']).toBe(`${'x'.repeat(57)}...`);
  });

  it('follows the topics policy of the channel', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectSuccess(as(model, IAGO).patch('/streams/1', { topics_policy: 'disable_empty_topic' }));
    expectError(edit(model, HAMLET, id, { topic: '' }), 400, 'BAD_REQUEST', 'Sending messages to the general chat is not allowed in this channel.');
    expectError(edit(model, HAMLET, id, { topic: '(no topic)' }), 400, 'BAD_REQUEST', 'Sending messages to the general chat is not allowed in this channel.');
  });

  it('posts the breadcrumbs by default only in the new topic, marked read for the mover', () => {
    const { model } = clockedModel();
    const [a] = threeInTopic(model);
    expectSuccess(edit(model, HAMLET, a!, { topic: 'new home', propagate_mode: 'change_all' }));
    const moved = topicMessages(model, HAMLET, 'general', 'new home');
    const notice = moved.at(-1)!;
    expect(notice['sender_email']).toBe('notification-bot@zulip.com');
    expect(notice['flags']).toContain('read');
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${notice['id']}`))['raw_content']).toBe(
      `This topic was moved here from #**general>plans** by ${HAMLET_MENTION}.`,
    );
    expect(topicMessages(model, HAMLET, 'general', 'plans')).toEqual([]);
    expect(read(model, CORDELIA, notice['id'])['flags']).not.toContain('read');
  });

  it('words the breadcrumbs for one message and for several, and in the old topic when asked', () => {
    const { model } = clockedModel();
    const [a, , c] = threeInTopic(model);
    const raw = (id: number) => expectSuccess(as(model, HAMLET).get(`/messages/${id}`))['raw_content'];
    expectSuccess(edit(model, HAMLET, c!, { topic: 'single', send_notification_to_old_thread: 'true' }));
    const [, singleNotice] = topicMessages(model, HAMLET, 'general', 'single');
    expect(raw(singleNotice!['id'])).toBe(
      `[A message](https://chatref.test/#narrow/channel/1-general/topic/single/near/${c}) was moved here from #**general>plans** by ${HAMLET_MENTION}.`,
    );
    const oldNotices = topicMessages(model, HAMLET, 'general', 'plans').filter((m) => m['sender_email'] === 'notification-bot@zulip.com');
    expect(raw(oldNotices[0]!['id'])).toBe(`A message was moved from this topic to #**general>single** by ${HAMLET_MENTION}.`);
    expectSuccess(edit(model, HAMLET, a!, { topic: 'single', propagate_mode: 'change_later', send_notification_to_old_thread: 'true' }));
    const notices = topicMessages(model, HAMLET, 'general', 'single').filter((m) => m['sender_email'] === 'notification-bot@zulip.com');
    expect(raw(notices.at(-1)!['id'])).toBe(`3 messages were moved here from #**general>plans** by ${HAMLET_MENTION}.`);
  });

  it('links a topic with characters that would break the #** syntax as a plain narrow link', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'a*b', 'x');
    expectSuccess(edit(model, HAMLET, id, { topic: 'plain' }));
    const notice = topicMessages(model, HAMLET, 'general', 'plain').at(-1)!;
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${notice['id']}`))['raw_content']).toBe(
      `This topic was moved here from [#general > a&#42;b](#narrow/channel/1-general/topic/a*b) by ${HAMLET_MENTION}.`,
    );
  });
});

describe('PATCH /messages/{message_id}: who may move, and when', () => {
  it('follows can_move_messages_between_topics_group, and the channel’s own group', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectSuccess(as(model, IAGO).patch('/realm', { can_move_messages_between_topics_group: '{"new": 3}' }));
    const before = model.state;
    expectError(edit(model, CORDELIA, id, { topic: 'moved' }), 400, 'BAD_REQUEST', "You don't have permission to edit this message");
    expect(model.state).toBe(before);
    expectSuccess(edit(model, IAGO, id, { topic: 'by admin' }));
    expectSuccess(
      as(model, IAGO).patch('/streams/1', {
        can_move_messages_within_channel_group: JSON.stringify({ new: { direct_members: [CORDELIA.userId], direct_subgroups: [] } }),
      }),
    );
    expectSuccess(edit(model, CORDELIA, id, { topic: 'by channel group' }));
  });

  it('holds users below moderator to move_messages_within_stream_limit_seconds plus grace', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, IAGO).patch('/realm', { move_messages_within_stream_limit_seconds: '60' }));
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    advance(100);
    expectError(edit(model, CORDELIA, id, { topic: 'late' }), 400, 'BAD_REQUEST', "The time limit for editing this message's topic has passed.");
    expectSuccess(edit(model, SHIVA, id, { topic: 'moderators may' }));
  });

  it('refuses a change_all that would leave old messages behind, with the counts, and the retry with change_later works', () => {
    const { model, advance } = clockedModel();
    const old = send(model, HAMLET, 'general', 'plans', 'old');
    advance(200);
    const expectedFirst = send(model, HAMLET, 'general', 'plans', 'new 1');
    send(model, CORDELIA, 'general', 'plans', 'new 2');
    expectSuccess(as(model, IAGO).patch('/realm', { move_messages_within_stream_limit_seconds: '100' }));
    const before = model.state;
    const error = expectError(
      edit(model, CORDELIA, expectedFirst, { topic: 'recent', propagate_mode: 'change_all' }),
      400,
      'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    );
    expect(error).toEqual({
      result: 'error',
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      msg: 'You only have permission to move the 2/3 most recent messages in this topic.',
      first_message_id_allowed_to_move: expectedFirst,
      total_messages_in_topic: 3,
      total_messages_allowed_to_move: 2,
    });
    expect(model.state).toBe(before);
    expectSuccess(edit(model, CORDELIA, expectedFirst, { topic: 'recent', propagate_mode: 'change_later' }));
    expect(topicMessages(model, CORDELIA, 'general', 'plans').map((m) => m['id'])).toEqual([old]);
    expectSuccess(edit(model, SHIVA, old, { topic: 'recent', propagate_mode: 'change_all' }));
  });
});

describe('PATCH /messages/{message_id}: resolving topics', () => {
  it('resolves with the check mark prefix: a notice, no moved-here breadcrumb, no last_moved_timestamp', () => {
    const { model } = clockedModel();
    const [a] = threeInTopic(model);
    expectSuccess(edit(model, CORDELIA, a!, { topic: '✔ plans', propagate_mode: 'change_all' }));
    const resolved = topicMessages(model, HAMLET, 'general', '✔ plans');
    expect(resolved).toHaveLength(4);
    const notice = resolved.at(-1)!;
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${notice['id']}`))['raw_content']).toBe(
      `@_**Cordelia, Lear's daughter|${CORDELIA.userId}** has marked this topic as resolved.`,
    );
    // resolved_topic_notice_auto_read_policy defaults to except_followed, and nobody follows the topic.
    expect(notice['flags']).toContain('read');
    expect(read(model, HAMLET, a!)).not.toHaveProperty('last_moved_timestamp');
  });

  it('deletes its own notice instead of posting another when undone within 60 seconds', () => {
    const { model, advance } = clockedModel();
    const [a] = threeInTopic(model);
    expectSuccess(edit(model, CORDELIA, a!, { topic: '✔ plans', propagate_mode: 'change_all' }));
    expectSuccess(edit(model, CORDELIA, a!, { topic: 'plans', propagate_mode: 'change_all' }));
    expect(topicMessages(model, HAMLET, 'general', 'plans')).toHaveLength(3);
    expectSuccess(edit(model, CORDELIA, a!, { topic: '✔ plans', propagate_mode: 'change_all' }));
    advance(61);
    expectSuccess(edit(model, CORDELIA, a!, { topic: 'plans', propagate_mode: 'change_all' }));
    const back = topicMessages(model, HAMLET, 'general', 'plans');
    expect(back).toHaveLength(5);
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${back.at(-1)!['id']}`))['raw_content']).toContain('has marked this topic as unresolved.');
  });

  it('follows can_resolve_topics_group, refuses to resolve general chat, and keeps time limits out of it', () => {
    const { model, advance } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    const empty = send(model, HAMLET, 'general', '', 'y');
    expectError(edit(model, HAMLET, empty, { topic: '✔ general chat' }), 400, 'BAD_REQUEST', 'General chat cannot be marked as resolved');
    expectError(edit(model, HAMLET, empty, { topic: '✔' }), 400, 'BAD_REQUEST', 'General chat cannot be marked as resolved');
    expectSuccess(as(model, IAGO).patch('/realm', { move_messages_within_stream_limit_seconds: '60' }));
    advance(100);
    expectSuccess(edit(model, CORDELIA, id, { topic: '✔ plans' }));
    expectSuccess(as(model, IAGO).patch('/realm', { can_resolve_topics_group: '{"new": 3}' }));
    expectError(edit(model, CORDELIA, id, { topic: 'plans' }), 400, 'BAD_REQUEST', "You don't have permission to resolve topics in this channel.");
  });
});

describe('PATCH /messages/{message_id}: channel moves', () => {
  it('moves into another channel with new_stream_id, and refuses what the mover may not reach', () => {
    const { model } = clockedModel();
    const [a, b] = threeInTopic(model);
    const queue = register(model, CORDELIA, ['update_message']);
    expectError(edit(model, CORDELIA, a!, { stream_id: '4' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectError(edit(model, CORDELIA, a!, { stream_id: '6' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expectSuccess(edit(model, CORDELIA, a!, { stream_id: '3', propagate_mode: 'change_later' }));
    const [event] = drain(model, CORDELIA, queue);
    expect(event).toMatchObject({
      stream_id: 1,
      new_stream_id: 3,
      orig_subject: 'plans',
      propagate_mode: 'change_later',
      message_ids: [a, b, expect.any(Number)],
    });
    expect(event).not.toHaveProperty('subject');
    const moved = read(model, CORDELIA, b!);
    expect([moved['stream_id'], moved['display_recipient'], moved['subject']]).toEqual([3, 'Verona', 'plans']);
    expect(moved['edit_history']).toEqual([{ user_id: CORDELIA.userId, timestamp: expect.any(Number), prev_stream: 1, stream: 3 }]);
  });

  it('follows can_move_messages_between_channels_group and the target’s can_send_message_group', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectSuccess(as(model, IAGO).patch('/realm', { can_move_messages_between_channels_group: '{"new": 3}' }));
    expectError(edit(model, CORDELIA, id, { stream_id: '3' }), 400, 'BAD_REQUEST', "You don't have permission to move this message");
    expectSuccess(as(model, DESDEMONA).patch('/streams/3', { can_send_message_group: '{"new": 1}' }));
    expectError(edit(model, IAGO, id, { stream_id: '3' }), 400, 'BAD_REQUEST', 'You do not have permission to post in this channel.');
  });

  it('takes the rows of users who cannot follow into a private channel, tells them with delete_message, and gives its subscribers read rows', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'secret plans', `for ${HAMLET_MENTION}`);
    const scotland = channelId(model, IAGO, 'Scotland');
    const cordeliaQueue = register(model, CORDELIA, ['delete_message', 'update_message'], {
      client_capabilities: '{"notification_settings_null": false, "bulk_message_deletion": true}',
    });
    const hamletQueue = register(model, HAMLET, ['delete_message', 'update_message']);
    expect(read(model, CORDELIA, id)['flags']).toEqual([]);
    expectSuccess(edit(model, IAGO, id, { stream_id: String(scotland), send_notification_to_new_thread: 'false' }));
    expect(drain(model, CORDELIA, cordeliaQueue)).toEqual([
      { type: 'delete_message', message_type: 'stream', stream_id: 1, topic: 'secret plans', message_ids: [id], id: 0 },
    ]);
    expectError(as(model, CORDELIA).get(`/messages/${id}`), 400, 'BAD_REQUEST', 'Invalid message(s)');
    const unread = expectSuccess(as(model, CORDELIA).post('/register', { fetch_event_types: '["message", "update_message_flags"]' }))['unread_msgs'];
    expect(JSON.stringify(unread)).not.toContain(`${id}`);
    const [update] = drain(model, HAMLET, hamletQueue);
    expect(update).toMatchObject({ type: 'update_message', new_stream_id: scotland, message_ids: [id] });
    expect(read(model, HAMLET, id)['stream_id']).toBe(scotland);
  });

  it('leaves guests behind when moving to a public channel they are not in', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'Denmark', 'guest view', 'x');
    expect(read(model, POLONIUS, id)['flags']).toEqual([]);
    const queue = register(model, POLONIUS, ['delete_message'], {
      client_capabilities: '{"notification_settings_null": false, "bulk_message_deletion": true}',
    });
    expectSuccess(edit(model, HAMLET, id, { stream_id: '1' }));
    expect(drain(model, POLONIUS, queue)).toMatchObject([{ type: 'delete_message', message_ids: [id] }]);
    expectError(as(model, POLONIUS).get(`/messages/${id}`), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('holds channel moves by users below moderator to move_messages_between_streams_limit_seconds', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, IAGO).patch('/realm', { move_messages_between_streams_limit_seconds: '60' }));
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    advance(100);
    expectError(edit(model, HAMLET, id, { stream_id: '3' }), 400, 'BAD_REQUEST', "The time limit for editing this message's channel has passed");
    expectSuccess(edit(model, SHIVA, id, { stream_id: '3' }));
  });
});

describe('PATCH /messages/{message_id}: who hears of a move', () => {
  it('gives every subscriber of a protected-history target a read row', () => {
    const { model } = clockedModel();
    expectSuccess(
      as(model, IAGO).post('/users/me/subscriptions', {
        subscriptions: '[{"name": "vault"}]',
        invite_only: 'true',
        history_public_to_subscribers: 'false',
        principals: JSON.stringify([IAGO.userId, CORDELIA.userId]),
      }),
    );
    const vault = channelId(model, IAGO, 'vault');
    const id = send(model, HAMLET, 'Denmark', 'to the vault', 'x');
    expect(read(model, CORDELIA, id)['flags']).toEqual(['read', 'historical']);
    const queue = register(model, CORDELIA, ['update_message']);
    expectSuccess(edit(model, IAGO, id, { stream_id: String(vault), send_notification_to_new_thread: 'false' }));
    expect(read(model, CORDELIA, id)['flags']).toEqual(['read']);
    expect(drain(model, CORDELIA, queue)).toMatchObject([{ type: 'update_message', message_ids: [id], flags: ['read'] }]);
    expectError(as(model, HAMLET).get(`/messages/${id}`), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('tells subscribers of a shared-history channel who hold no row, as if their copy were read', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'Denmark', 'before shiva', 'x');
    expectSuccess(as(model, SHIVA).post('/users/me/subscriptions', { subscriptions: '[{"name": "Denmark"}]' }));
    expect(read(model, SHIVA, id)['flags']).toEqual(['read', 'historical']);
    const queue = register(model, SHIVA, ['update_message']);
    expectSuccess(edit(model, HAMLET, id, { topic: 'after shiva' }));
    expect(drain(model, SHIVA, queue)).toMatchObject([{ type: 'update_message', message_ids: [id], flags: ['read'] }]);
  });

  it('leaves the resolve notice unread for subscribers whose resolved_topic_notice_auto_read_policy is never', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectSuccess(as(model, CORDELIA).patch('/settings', { resolved_topic_notice_auto_read_policy: 'never' }));
    expectSuccess(edit(model, HAMLET, id, { topic: '✔ plans' }));
    const notice = topicMessages(model, CORDELIA, 'general', '✔ plans').at(-1)!;
    expect(notice['flags']).not.toContain('read');
    expect(read(model, IAGO, notice['id'])['flags']).toContain('read');
  });
});

describe('edit history visibility', () => {
  it('hides content edits under the moves policy and everything under none, while the timestamps stay', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'first');
    expectSuccess(edit(model, HAMLET, id, { content: 'second' }));
    expectSuccess(edit(model, HAMLET, id, { topic: 'moved', content: 'third' }));
    expectSuccess(as(model, IAGO).patch('/realm', { message_edit_history_visibility_policy: 'moves' }));
    const message = read(model, CORDELIA, id);
    expect(message['edit_history']).toEqual([{ user_id: HAMLET.userId, timestamp: expect.any(Number), prev_topic: 'plans', topic: 'moved' }]);
    expect(message['last_edit_timestamp']).toEqual(expect.any(Number));
    const versions = expectSuccess(as(model, CORDELIA).get(`/messages/${id}/history`))['message_history'];
    expect(versions).toEqual([
      { content: 'first', rendered_content: '<p>first</p>', timestamp: expect.any(Number), topic: 'plans', user_id: HAMLET.userId },
      { content: 'third', rendered_content: '<p>third</p>', timestamp: expect.any(Number), topic: 'moved', prev_topic: 'plans', user_id: HAMLET.userId },
    ]);
    expectSuccess(as(model, IAGO).patch('/realm', { message_edit_history_visibility_policy: 'none' }));
    expect(read(model, CORDELIA, id)).not.toHaveProperty('edit_history');
    expectError(as(model, CORDELIA).get(`/messages/${id}/history`), 400, 'BAD_REQUEST', 'Message edit history is disabled in this organization');
  });

  it('lists every version under the all policy, with prev_stream and stream for a channel move', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', '', 'first');
    expectSuccess(edit(model, HAMLET, id, { content: 'second' }));
    expectSuccess(edit(model, HAMLET, id, { stream_id: '3' }));
    const versions = expectSuccess(as(model, CORDELIA).get(`/messages/${id}/history`))['message_history'];
    expect(versions).toEqual([
      { content: 'first', rendered_content: '<p>first</p>', timestamp: expect.any(Number), topic: 'general chat', user_id: HAMLET.userId },
      {
        content: 'second',
        rendered_content: '<p>second</p>',
        prev_content: 'first',
        prev_rendered_content: '<p>first</p>',
        timestamp: expect.any(Number),
        topic: 'general chat',
        user_id: HAMLET.userId,
      },
      {
        content: 'second',
        rendered_content: '<p>second</p>',
        prev_stream: 1,
        stream: 3,
        timestamp: expect.any(Number),
        topic: 'general chat',
        user_id: HAMLET.userId,
      },
    ]);
    expect(expectSuccess(as(model, CORDELIA).get(`/messages/${id}/history`, { allow_empty_topic_name: 'true' }))['message_history'][0]['topic']).toBe('');
  });
});
