import { describe, expect, it } from 'vitest';
import { as, CHANNEL, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, newModel, SHIVA } from '../../../testing/default-realm.js';

function settings(model: ReturnType<typeof newModel>) {
  return model.state.realm.settings;
}

describe('PATCH /realm: who may change settings', () => {
  it('needs an administrator before anything else', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, SHIVA).patch('/realm', { allow_message_editing: 'false' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectError(as(model, HAMLET).patch('/realm', { allow_message_editing: 'nonsense' }), 400, 'UNAUTHORIZED_PRINCIPAL');
    expect(model.state).toBe(before);
  });

  it('keeps retention, invitations, email rules, the waiting period and some group settings for owners', () => {
    const model = newModel();
    const before = model.state;
    for (const [name, value] of [
      ['message_retention_days', '30'],
      ['invite_required', 'false'],
      ['emails_restricted_to_domains', 'true'],
      ['disallow_disposable_email_addresses', 'false'],
      ['waiting_period_threshold', '3'],
      ['can_manage_all_groups', JSON.stringify({ new: 2 })],
      ['can_create_groups', JSON.stringify({ new: 2 })],
    ] as const) {
      expectError(as(model, IAGO).patch('/realm', { [name]: value }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    }
    expect(model.state).toBe(before);
    expectSuccess(as(model, DESDEMONA).patch('/realm', { message_retention_days: '30', waiting_period_threshold: '3' }));
    expect(settings(model)).toMatchObject({ messageRetentionDays: 30, waitingPeriodThreshold: 3 });
  });

  it('lets administrators change the message editing settings and reports what changed', () => {
    const model = newModel();
    const body = expectSuccess(
      as(model, IAGO).patch('/realm', {
        allow_message_editing: 'false',
        message_content_edit_limit_seconds: '"unlimited"',
        move_messages_within_stream_limit_seconds: '3600',
        topics_policy: 'disable_empty_topic',
        description: 'A realm',
      }),
    );
    expect(body).toMatchObject({
      allow_message_editing: false,
      message_content_edit_limit_seconds: null,
      move_messages_within_stream_limit_seconds: 3600,
      topics_policy: 'disable_empty_topic',
      description: 'updated',
    });
    expect(settings(model)).toMatchObject({
      allowMessageEditing: false,
      messageContentEditLimitSeconds: null,
      moveMessagesWithinStreamLimitSeconds: 3600,
      topicsPolicy: 'disable_empty_topic',
      description: 'A realm',
    });
  });

  it('reports nothing and keeps the state when nothing differs', () => {
    const model = newModel();
    const before = model.state;
    const body = expectSuccess(as(model, IAGO).patch('/realm', { allow_message_editing: 'true' }));
    expect(Object.keys(body).sort()).toEqual(['msg', 'result']);
    expect(model.state).toBe(before);
  });
});

describe('PATCH /realm: values', () => {
  it('refuses bad time limits and retention with REQUEST_VARIABLE_INVALID', () => {
    const model = newModel();
    const before = model.state;
    const error = expectError(as(model, IAGO).patch('/realm', { message_content_edit_limit_seconds: '0' }), 400, 'REQUEST_VARIABLE_INVALID');
    expect(error).toMatchObject({ msg: "Bad value for 'message_content_edit_limit_seconds': 0", var_name: 'message_content_edit_limit_seconds' });
    expectError(as(model, IAGO).patch('/realm', { move_messages_between_streams_limit_seconds: '"forever"' }), 400, 'REQUEST_VARIABLE_INVALID');
    expectError(as(model, DESDEMONA).patch('/realm', { message_retention_days: '-3' }), 400, 'REQUEST_VARIABLE_INVALID');
    expectError(as(model, IAGO).patch('/realm', { message_content_edit_limit_seconds: 'unlimited' }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(before);
    expectSuccess(as(model, DESDEMONA).patch('/realm', { message_retention_days: '"unlimited"' }));
    expect(settings(model).messageRetentionDays).toBe(-1);
  });

  it('refuses unknown enum values, languages and providers', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, IAGO).patch('/realm', { topics_policy: 'empty_topic_only' }), 400, 'BAD_REQUEST', 'Invalid topics_policy');
    expectError(as(model, IAGO).patch('/realm', { default_language: 'xx' }), 400, 'BAD_REQUEST', "Invalid language 'xx'");
    expectError(as(model, IAGO).patch('/realm', { video_chat_provider: '42' }), 400, 'BAD_REQUEST', 'Invalid video_chat_provider 42');
    expectError(as(model, IAGO).patch('/realm', { giphy_rating: '9' }), 400, 'BAD_REQUEST', 'Invalid giphy_rating 9');
    expectError(as(model, IAGO).patch('/realm', { name: 'x'.repeat(41) }), 400, 'BAD_REQUEST', 'name is too long (limit: 40 characters)');
    expectError(as(model, DESDEMONA).patch('/realm', { waiting_period_threshold: '-1' }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(before);
  });

  it('is atomic: one bad value among good ones changes nothing', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, IAGO).patch('/realm', { allow_message_editing: 'false', giphy_rating: '9' }), 400, 'BAD_REQUEST');
    expectError(
      as(model, IAGO).patch('/realm', { allow_message_editing: 'false', can_resolve_topics_group: JSON.stringify({ new: 999 }) }),
      400,
      'BAD_REQUEST',
      'Invalid user group',
    );
    expect(model.state).toBe(before);
  });
});

describe('PATCH /realm: group settings', () => {
  it('takes {new, old} and refuses a stale old with EXPECTATION_MISMATCH', () => {
    const model = newModel();
    const ids = model.state.systemGroupIds;
    const before = model.state;
    expectError(
      as(model, IAGO).patch('/realm', { can_resolve_topics_group: JSON.stringify({ new: ids['role:members'], old: ids['role:moderators'] }) }),
      400,
      'EXPECTATION_MISMATCH',
    );
    expect(model.state).toBe(before);
    const body = expectSuccess(
      as(model, IAGO).patch('/realm', { can_resolve_topics_group: JSON.stringify({ new: ids['role:members'], old: ids['role:everyone'] }) }),
    );
    expect(body['can_resolve_topics_group']).toBe(ids['role:members']);
    expect(settings(model).groups.can_resolve_topics_group).toBe(ids['role:members']);
  });

  it('stores anonymous groups in normal form and refuses groups a setting may not hold', () => {
    const model = newModel();
    const ids = model.state.systemGroupIds;
    expectSuccess(
      as(model, IAGO).patch('/realm', {
        can_move_messages_between_channels_group: JSON.stringify({ new: { direct_members: [HAMLET.userId], direct_subgroups: [ids['role:moderators']] } }),
        can_mention_many_users_group: JSON.stringify({ new: { direct_members: [], direct_subgroups: [ids['role:moderators']] } }),
      }),
    );
    expect(settings(model).groups.can_move_messages_between_channels_group).toEqual({
      directMembers: [HAMLET.userId],
      directSubgroups: [ids['role:moderators']],
    });
    expect(settings(model).groups.can_mention_many_users_group).toBe(ids['role:moderators']);
    const changed = model.state;
    expectError(
      as(model, IAGO).patch('/realm', { can_create_public_channel_group: JSON.stringify({ new: ids['role:everyone'] }) }),
      400,
      'BAD_REQUEST',
      "'can_create_public_channel_group' setting cannot be set to 'role:everyone' group.",
    );
    expectError(as(model, IAGO).patch('/realm', { can_create_web_public_channel_group: JSON.stringify({ new: ids['role:members'] }) }), 400, 'BAD_REQUEST');
    expectError(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: ids['role:nobody'] }) }), 400, 'BAD_REQUEST');
    expect(model.state).toBe(changed);
  });
});

describe('PATCH /realm: channel settings', () => {
  it('sets a channel the actor may see, unsets with -1 and refuses unknown ids', () => {
    const model = newModel();
    const before = model.state;
    expect(settings(model).moderationRequestChannelId).toBe(CHANNEL.moderation);
    expectError(as(model, IAGO).patch('/realm', { moderation_request_channel_id: '9999' }), 400, 'BAD_REQUEST', 'Invalid channel ID');
    expect(model.state).toBe(before);
    expectSuccess(as(model, IAGO).patch('/realm', { moderation_request_channel_id: '-1' }));
    expect(settings(model).moderationRequestChannelId).toBeNull();
    const body = expectSuccess(as(model, IAGO).patch('/realm', { moderation_request_channel_id: String(CHANNEL.general) }));
    expect(body['moderation_request_channel_id']).toBe(CHANNEL.general);
    expect(settings(model).moderationRequestChannelId).toBe(CHANNEL.general);
    // Administrators may pick a private channel they are not subscribed to; moderators may not change settings at all.
    expectSuccess(as(model, DESDEMONA).patch('/realm', { new_stream_announcements_stream_id: String(CHANNEL.scotland) }));
    expect(settings(model).newStreamAnnouncementsStreamId).toBe(CHANNEL.scotland);
  });
});
