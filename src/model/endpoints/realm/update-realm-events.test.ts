import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectSuccess, HAMLET, HAMLET_BOT, newModel, OTHELLO, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { getRow, withRow } from '../../tables/table.js';
import { applyEvents, listen, registerState } from '../user-groups/test-helpers.js';

type Model = ReturnType<typeof newModel>;

const updateDict = (data: object) => ({ type: 'realm', op: 'update_dict', property: 'default', data });

function patchRealm(model: Model, params: Record<string, string>) {
  return expectSuccess(as(model, DESDEMONA).patch('/realm', params));
}

describe('PATCH /realm events', () => {
  it('sends one update_dict per changed setting to everyone, guests included', () => {
    const model = newModel();
    const polonius = listen(model, POLONIUS);
    const hamlet = listen(model, HAMLET);
    patchRealm(model, { name: 'Elsinore', allow_message_editing: 'false', digest_weekday: '3' });
    const expected = [updateDict({ allow_message_editing: false }), updateDict({ digest_weekday: 3 }), updateDict({ name: 'Elsinore' })];
    expect(polonius()).toEqual(expected);
    expect(hamlet()).toEqual(expected);
    patchRealm(model, { name: 'Elsinore' });
    expect(hamlet()).toEqual([]);
  });

  it('carries the register form: unlimited as null, unset channels as -1, group settings as ids or anonymous groups', () => {
    const model = newModel();
    const ids = model.state.systemGroupIds;
    const cordelia = listen(model, CORDELIA);
    patchRealm(model, {
      message_content_edit_limit_seconds: '"unlimited"',
      moderation_request_channel_id: '-5',
      can_resolve_topics_group: JSON.stringify({ new: ids['role:members'] }),
      can_move_messages_between_channels_group: JSON.stringify({ new: { direct_members: [HAMLET.userId], direct_subgroups: [ids['role:moderators']] } }),
    });
    expect(cordelia()).toEqual([
      updateDict({ message_content_edit_limit_seconds: null }),
      updateDict({ can_move_messages_between_channels_group: { direct_members: [HAMLET.userId], direct_subgroups: [ids['role:moderators']] } }),
      updateDict({ can_resolve_topics_group: ids['role:members'] }),
      updateDict({ moderation_request_channel_id: -1 }),
    ]);
  });

  it('sends the deprecated twins along: mandatory_topics with topics_policy, allow_edit_history with its policy', () => {
    const model = newModel();
    const cordelia = listen(model, CORDELIA);
    patchRealm(model, { topics_policy: 'disable_empty_topic', message_edit_history_visibility_policy: 'none' });
    expect(cordelia()).toEqual([
      updateDict({ message_edit_history_visibility_policy: 'none', allow_edit_history: false }),
      updateDict({ topics_policy: 'disable_empty_topic', mandatory_topics: true }),
    ]);
  });

  it('moves members out of and back into role:fullmembers when the waiting period changes (role:members keeps them)', () => {
    const model = newModel();
    const ids = model.state.systemGroupIds;
    const shiva = listen(model, SHIVA);
    // The default realm's members joined some 530 days before the tests' clock; deactivated Othello is left out.
    const newcomers = [HAMLET.userId, CORDELIA.userId, HAMLET_BOT.userId];
    patchRealm(model, { waiting_period_threshold: '1000' });
    expect(shiva()).toEqual([
      updateDict({ waiting_period_threshold: 1000 }),
      { type: 'user_group', op: 'remove_members', group_id: ids['role:fullmembers'], user_ids: newcomers },
    ]);
    patchRealm(model, { waiting_period_threshold: '600' });
    expect(shiva()).toEqual([updateDict({ waiting_period_threshold: 600 })]);
    patchRealm(model, { waiting_period_threshold: '0' });
    expect(shiva()).toEqual([
      updateDict({ waiting_period_threshold: 0 }),
      { type: 'user_group', op: 'add_members', group_id: ids['role:fullmembers'], user_ids: newcomers },
    ]);
  });

  it('takes a private channel away from members who stop being full members', () => {
    const model = newModel();
    const scotland = getRow(model.state.channels, CHANNEL.scotland)!;
    const settings = { ...scotland.settings, can_subscribe_group: model.state.systemGroupIds['role:fullmembers'] };
    model.reset({ ...model.state, channels: withRow(model.state.channels, CHANNEL.scotland, { ...scotland, settings }) });
    const cordelia = listen(model, CORDELIA);
    patchRealm(model, { waiting_period_threshold: '1000' });
    expect(cordelia().slice(2)).toEqual([{ type: 'stream', op: 'delete', streams: [{ stream_id: CHANNEL.scotland }], stream_ids: [CHANNEL.scotland] }]);
    patchRealm(model, { waiting_period_threshold: '0' });
    expect(
      cordelia()
        .slice(2)
        .map((event) => `${event.type}/${event.op}`),
    ).toEqual(['stream/create', 'subscription/peer_add']);
  });

  it('tells guests which users they lose and regain when can_access_all_users_group changes', () => {
    const model = newModel();
    const ids = model.state.systemGroupIds;
    const polonius = listen(model, POLONIUS);
    const hamlet = listen(model, HAMLET);
    patchRealm(model, { can_access_all_users_group: JSON.stringify({ new: ids['role:members'] }) });
    const restricted = updateDict({ can_access_all_users_group: ids['role:members'] });
    expect(hamlet()).toEqual([restricted]);
    // Polonius shares Denmark with Iago and Hamlet; bots stay visible.
    const hidden = [DESDEMONA, SHIVA, CORDELIA, OTHELLO].map((user) => user.userId);
    expect(polonius()).toEqual([
      restricted,
      ...hidden.map((userId) => ({ type: 'realm_user', op: 'remove', person: { user_id: userId, full_name: 'Unknown user' } })),
    ]);

    patchRealm(model, { can_access_all_users_group: JSON.stringify({ new: ids['role:everyone'] }) });
    // Gained users arrive as the real server sends them, with full avatar URLs (client_gravatar off).
    const { realm_users: active, realm_non_active_users: inactive } = expectSuccess(
      model.call('POST', '/register', { fetch_event_types: '["realm_user"]', client_gravatar: 'false' }, { auth: POLONIUS }),
    );
    const asRegistered = (userId: number) => {
      const found = [...active, ...inactive].find((user: { user_id: number }) => user.user_id === userId);
      return { ...found, is_active: userId !== OTHELLO.userId };
    };
    expect(polonius()).toEqual([
      updateDict({ can_access_all_users_group: ids['role:everyone'] }),
      ...hidden.map((userId) => ({ type: 'realm_user', op: 'add', person: asRegistered(userId) })),
    ]);
  });

  it("keeps a client's realm settings equal to a fresh register", () => {
    const model = newModel();
    const ids = model.state.systemGroupIds;
    const state = registerState(model, CORDELIA, ['realm']);
    const events = listen(model, CORDELIA);
    patchRealm(model, {
      name: 'Elsinore',
      description: 'A rotten state',
      topics_policy: 'disable_empty_topic',
      message_edit_history_visibility_policy: 'moves',
      message_retention_days: '"unlimited"',
      move_messages_between_streams_limit_seconds: '600',
      new_stream_announcements_stream_id: '-1',
      signup_announcements_stream_id: String(CHANNEL.denmark),
      can_invite_users_group: JSON.stringify({ new: { direct_members: [CORDELIA.userId], direct_subgroups: [ids['role:moderators']] } }),
      waiting_period_threshold: '30',
      org_type: '10',
    });
    applyEvents(state, events());
    expect(state).toEqual(registerState(model, CORDELIA, ['realm']));
  });
});
