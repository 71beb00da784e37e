import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { sha256Hex } from '../../sha256.js';
import { clockedModel, drain, edit, read, register, send, sendDirect } from './update-message-support.js';

const CORDELIA_MENTION = "@**Cordelia, Lear's daughter**";

describe('PATCH /messages/{message_id}: content', () => {
  it('replaces and re-renders the content, records the edit, and answers detached_uploads', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', '*first*');
    const response = edit(model, HAMLET, id, { content: '**second**' });
    expect(response.body).toEqual({ result: 'success', msg: '', detached_uploads: [] });
    const message = read(model, CORDELIA, id);
    expect(message['content']).toBe('<p><strong>second</strong></p>');
    expect(message['last_edit_timestamp']).toEqual(expect.any(Number));
    expect(message).not.toHaveProperty('last_moved_timestamp');
    expect(message['edit_history']).toEqual([
      {
        user_id: HAMLET.userId,
        timestamp: message['last_edit_timestamp'],
        prev_content: '*first*',
        prev_rendered_content: '<p><em>first</em></p>',
        prev_rendered_content_version: 1,
      },
    ]);
    expect(expectSuccess(as(model, HAMLET).get(`/messages/${id}`))['raw_content']).toBe('**second**');
  });

  it('lets only the sender change content, administrators included, and changes nothing on refusal', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'mine');
    const before = model.state;
    expectError(edit(model, IAGO, id, { content: 'theirs' }), 400, 'BAD_REQUEST', "You don't have permission to edit this message");
    expect(model.state).toBe(before);
  });

  it('refuses content edits while the organization has editing off', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'mine');
    expectSuccess(as(model, IAGO).patch('/realm', { allow_message_editing: 'false' }));
    expectError(edit(model, HAMLET, id, { content: 'new' }), 400, 'BAD_REQUEST', 'Your organization has turned off message editing');
  });

  it('holds every role to message_content_edit_limit_seconds plus 20 s of grace', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, IAGO).patch('/realm', { message_content_edit_limit_seconds: '60' }));
    const id = send(model, IAGO, 'general', 'plans', 'mine');
    advance(60 + 20 - 1);
    expectSuccess(edit(model, IAGO, id, { content: 'just in time' }));
    advance(1);
    expectError(edit(model, IAGO, id, { content: 'too late' }), 400, 'BAD_REQUEST', 'The time limit for editing this message has passed');
  });

  it('guards against a stale copy with prev_content_sha256, also on moves', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'original');
    const mismatch = expectError(edit(model, HAMLET, id, { content: 'x', prev_content_sha256: sha256Hex('other') }), 400, 'EXPECTATION_MISMATCH');
    expect(mismatch).toEqual({
      result: 'error',
      code: 'EXPECTATION_MISMATCH',
      msg: "'prev_content_sha256' value does not match the expected value.",
      field_name: 'prev_content_sha256',
    });
    expectError(edit(model, HAMLET, id, { topic: 'elsewhere', prev_content_sha256: 'nope' }), 400, 'EXPECTATION_MISMATCH');
    expectSuccess(edit(model, HAMLET, id, { content: 'x', prev_content_sha256: sha256Hex('original') }));
  });

  it('turns blank content into "(deleted)" and truncates long content', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'something');
    expectSuccess(edit(model, HAMLET, id, { content: '  \n ' }));
    expect(read(model, HAMLET, id)['content']).toBe('<p>(deleted)</p>');
    expectSuccess(edit(model, HAMLET, id, { content: 'a'.repeat(10_050) }));
    const raw = expectSuccess(as(model, HAMLET).get(`/messages/${id}`))['raw_content'] as string;
    expect([...raw].length).toBe(10_000);
    expect(raw.endsWith('\n[message truncated]')).toBe(true);
  });

  it('gives newly mentioned readers `mentioned` and takes it from those no longer mentioned', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', `hi ${CORDELIA_MENTION}`);
    expect(read(model, CORDELIA, id)['flags']).toContain('mentioned');
    const queue = register(model, CORDELIA, ['update_message']);
    expectSuccess(edit(model, HAMLET, id, { content: 'hi @**Iago**' }));
    expect(read(model, CORDELIA, id)['flags']).not.toContain('mentioned');
    expect(read(model, IAGO, id)['flags']).toContain('mentioned');
    expect(drain(model, CORDELIA, queue)).toEqual([
      {
        type: 'update_message',
        user_id: HAMLET.userId,
        edit_timestamp: expect.any(Number),
        message_id: id,
        message_ids: [id],
        rendering_only: false,
        orig_content: `hi ${CORDELIA_MENTION}`,
        orig_rendered_content: expect.stringContaining('user-mention'),
        content: 'hi @**Iago**',
        rendered_content: expect.stringContaining(`data-user-id="${IAGO.userId}"`),
        is_me_message: false,
        stream_name: 'general',
        stream_id: 1,
        flags: [],
        id: 0,
      },
    ]);
  });

  it('edits a direct message for its participants, without channel fields', () => {
    const { model } = clockedModel();
    const id = sendDirect(model, HAMLET, [CORDELIA.userId], 'psst');
    const queue = register(model, CORDELIA, ['update_message']);
    expectSuccess(edit(model, HAMLET, id, { content: 'psst!' }));
    const [event] = drain(model, CORDELIA, queue);
    expect(event).toMatchObject({ type: 'update_message', message_ids: [id], content: 'psst!', flags: [] });
    expect(event).not.toHaveProperty('stream_id');
    expect(event).not.toHaveProperty('propagate_mode');
  });

  it('applies the mention rules of sending: groups the sender may not mention are refused', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'hello');
    const group = expectSuccess(
      as(model, IAGO).post('/user_groups/create', {
        name: 'closed',
        description: 'x',
        members: `[${IAGO.userId}]`,
        can_mention_group: '{"direct_members": [], "direct_subgroups": []}',
      }),
    );
    expect(group['group_id']).toEqual(expect.any(Number));
    expectError(edit(model, HAMLET, id, { content: 'hey @*closed*' }), 400, 'BAD_REQUEST', "You are not allowed to mention user group 'closed'.");
  });
});

describe('PATCH /messages/{message_id}: request checks, in the real server’s order', () => {
  it('says "Nothing to change" for no field and for the current topic', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectError(edit(model, HAMLET, id, {}), 400, 'BAD_REQUEST', 'Nothing to change');
    expectError(edit(model, HAMLET, id, { topic: ' plans ' }), 400, 'BAD_REQUEST', 'Nothing to change');
  });

  it('refuses topics and channels for direct messages', () => {
    const { model } = clockedModel();
    const id = sendDirect(model, HAMLET, [CORDELIA.userId], 'x');
    expectError(edit(model, HAMLET, id, { topic: 't' }), 400, 'BAD_REQUEST', 'Direct messages cannot have topics.');
    expectError(edit(model, HAMLET, id, { stream_id: '1' }), 400, 'BAD_REQUEST', 'Direct messages cannot be moved to channels.');
  });

  it('checks propagate_mode', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectError(edit(model, HAMLET, id, { topic: 't', propagate_mode: 'change_some' }), 400, 'BAD_REQUEST', 'Invalid propagate_mode');
    expectError(edit(model, HAMLET, id, { content: 'y', propagate_mode: 'change_all' }), 400, 'BAD_REQUEST', 'Invalid propagate_mode without topic edit');
  });

  it('refuses content together with stream_id, and characters a topic may not hold', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectError(edit(model, HAMLET, id, { content: 'y', stream_id: '2' }), 400, 'BAD_REQUEST', 'Cannot change message content while changing channel');
    expectError(edit(model, HAMLET, id, { topic: 'a\u0000b' }), 400, 'BAD_REQUEST', 'Invalid character in topic, at position 2!');
  });

  it('answers a missing, an unreadable and an archived-channel message alike', () => {
    const { model } = clockedModel();
    const direct = sendDirect(model, HAMLET, [CORDELIA.userId], 'x');
    expectError(edit(model, IAGO, direct, { topic: 't' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectError(edit(model, IAGO, 999_999, { topic: 't' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectSuccess(as(model, IAGO).delete('/streams/1'));
    expectError(edit(model, HAMLET, id, { content: 'y' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
  });

  it('accepts subject as the alias of topic, and not both', () => {
    const { model } = clockedModel();
    const id = send(model, HAMLET, 'general', 'plans', 'x');
    expectSuccess(edit(model, HAMLET, id, { subject: 'by alias' }));
    expect(read(model, HAMLET, id)['subject']).toBe('by alias');
    expectError(edit(model, HAMLET, id, { subject: 'a', topic: 'b' }), 400, 'REQUEST_CONFUSING_VAR');
  });

  it('is deterministic: the same requests give the same states and answers', () => {
    const run = () => {
      const { model } = clockedModel();
      const id = send(model, HAMLET, 'general', 'plans', 'x');
      send(model, CORDELIA, 'general', 'plans', 'y');
      const answers = [
        edit(model, HAMLET, id, { content: 'z' }).body,
        edit(model, SHIVA, id, { topic: 'moved', propagate_mode: 'change_all', send_notification_to_old_thread: 'true' }).body,
        edit(model, POLONIUS, id, { topic: 'nope' }).body,
      ];
      return { answers, state: model.state };
    };
    const first = run();
    const second = run();
    expect(second.answers).toEqual(first.answers);
    expect(second.state).toEqual(first.state);
  });
});
