import { describe, expect, it } from 'vitest';
import {
  as,
  CHANNEL,
  CORDELIA,
  DESDEMONA,
  expectSuccess,
  GROUP,
  HAMLET,
  HAMLET_BOT,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
} from '../../../testing/default-realm.js';
import { presentAvatarChange } from '../../present/user.js';
import { emptyTable, getRow } from '../../tables/table.js';
import { applyUserEvents, listen, registerUsers } from './test-support.js';

type Model = ReturnType<typeof newModel>;

const update = (person: object) => ({ type: 'realm_user', op: 'update', person });
const peerRemove = (streamIds: number[], userId: number) => ({ type: 'subscription', op: 'peer_remove', stream_ids: streamIds, user_ids: [userId] });

function restrictGuests(model: Model): void {
  const members = model.state.systemGroupIds['role:members'];
  expectSuccess(as(model, DESDEMONA).patch('/realm', { can_access_all_users_group: JSON.stringify({ new: members }) }));
}

describe('DELETE /users/{user_id} events', () => {
  it('deactivates the bots first, each with peer_remove for its channels before realm_user update {is_active: false}', () => {
    const model = newModel();
    const [cordelia, iago] = [listen(model, CORDELIA), listen(model, IAGO)];
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`));
    const bot = [peerRemove([CHANNEL.general], HAMLET_BOT.userId), update({ user_id: HAMLET_BOT.userId, is_active: false })];
    // Denmark has a guest subscriber, so its peers differ from the other public channels' (general, archived Elsinore).
    const hamlet = [
      peerRemove([CHANNEL.denmark], HAMLET.userId),
      peerRemove([CHANNEL.general, CHANNEL.elsinore], HAMLET.userId),
      update({ user_id: HAMLET.userId, is_active: false }),
    ];
    expect(cordelia()).toEqual([...bot, ...hamlet]);
    // Scotland is private: only those who may see its subscribers hear of it.
    expect(iago()).toEqual([...bot, peerRemove([CHANNEL.scotland], HAMLET.userId), ...hamlet]);
  });

  it("sends the deleted profile's name and avatar before the deactivation", () => {
    const model = newModel();
    const hamlet = listen(model, HAMLET);
    expectSuccess(as(model, IAGO).delete(`/users/${CORDELIA.userId}`, { actions: '{"delete_profile": true}' }));
    const deleted = getRow(model.state.users, CORDELIA.userId)!;
    expect(hamlet()).toEqual([
      update({ user_id: CORDELIA.userId, full_name: 'Deleted user' }),
      update(presentAvatarChange(deleted)),
      peerRemove([CHANNEL.verona], CORDELIA.userId),
      peerRemove([CHANNEL.general, CHANNEL.elsinore], CORDELIA.userId),
      update({ user_id: CORDELIA.userId, is_active: false }),
    ]);
  });

  it('only renames an already deactivated user whose profile is deleted', () => {
    const model = newModel();
    const hamlet = listen(model, HAMLET);
    expectSuccess(as(model, IAGO).delete(`/users/${OTHELLO.userId}`, { actions: '{"delete_profile": true}' }));
    expect(hamlet()).toEqual([
      update({ user_id: OTHELLO.userId, full_name: 'Deleted user' }),
      update(presentAvatarChange(getRow(model.state.users, OTHELLO.userId)!)),
    ]);
  });

  it('tells a guest who knew the user through a channel which groups they left, then that they are unknown now', () => {
    const model = newModel();
    // Only through a channel: forget the default history's one-to-one messages between Hamlet and Polonius.
    model.reset({ ...model.state, directMessagePartnerIds: emptyTable() });
    restrictGuests(model);
    const polonius = listen(model, POLONIUS);
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`));
    const removeMember = (groupId: number) => ({ type: 'user_group', op: 'remove_members', group_id: groupId, user_ids: [HAMLET.userId] });
    expect(polonius()).toEqual([
      // Bots stay accessible to everyone.
      update({ user_id: HAMLET_BOT.userId, is_active: false }),
      peerRemove([CHANNEL.denmark], HAMLET.userId),
      removeMember(model.state.systemGroupIds['role:fullmembers']),
      removeMember(model.state.systemGroupIds['role:members']),
      removeMember(GROUP.hamletcharacters),
      { type: 'realm_user', op: 'remove', person: { user_id: HAMLET.userId, full_name: 'Unknown user' } },
    ]);
  });

  it('sends a guest who never saw the user only the group exits, including anonymous group settings', () => {
    const model = newModel();
    restrictGuests(model);
    const setting = { direct_members: [CORDELIA.userId, HAMLET.userId], direct_subgroups: [] };
    expectSuccess(as(model, DESDEMONA).patch('/realm', { can_add_custom_emoji_group: JSON.stringify({ new: setting }) }));
    const polonius = listen(model, POLONIUS);
    expectSuccess(as(model, IAGO).delete(`/users/${CORDELIA.userId}`));
    const removeMember = (groupId: number) => ({ type: 'user_group', op: 'remove_members', group_id: groupId, user_ids: [CORDELIA.userId] });
    expect(polonius()).toEqual([
      // Verona is web-public: everyone follows its subscribers.
      peerRemove([CHANNEL.verona], CORDELIA.userId),
      removeMember(model.state.systemGroupIds['role:fullmembers']),
      removeMember(model.state.systemGroupIds['role:members']),
      removeMember(GROUP.hamletcharacters),
      {
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { can_add_custom_emoji_group: { direct_members: [HAMLET.userId], direct_subgroups: [] } },
      },
    ]);
  });

  it('sends anew the anonymous channel settings that listed the user, to who can see each channel', () => {
    const model = newModel();
    const [hamlet, cordelia] = [listen(model, HAMLET), listen(model, CORDELIA)];
    expectSuccess(as(model, DESDEMONA).delete(`/users/${IAGO.userId}`));
    const administer = (channelId: number, name: string) => ({
      type: 'stream',
      op: 'update',
      stream_id: channelId,
      name,
      property: 'can_administer_channel_group',
      value: { direct_members: [], direct_subgroups: [] },
    });
    // Iago created Denmark and (private) Scotland, which Hamlet is subscribed to and Cordelia does not know of.
    expect(hamlet()).toContainEqual(administer(CHANNEL.denmark, 'Denmark'));
    expect(hamlet()).toEqual([]);
    const seen = cordelia();
    expect(seen).toContainEqual(administer(CHANNEL.denmark, 'Denmark'));
    expect(seen.filter((event) => event['stream_id'] === CHANNEL.scotland)).toEqual([]);
  });

  it('keeps the clients of members and guests in step with register', () => {
    const model = newModel();
    restrictGuests(model);
    const setting = { direct_members: [CORDELIA.userId, HAMLET.userId], direct_subgroups: [] };
    expectSuccess(as(model, DESDEMONA).patch('/realm', { can_add_custom_emoji_group: JSON.stringify({ new: setting }) }));
    const viewers = [POLONIUS, CORDELIA, DESDEMONA];
    const clients = viewers.map((viewer) => ({ viewer, state: registerUsers(model, viewer), events: listen(model, viewer) }));
    // Without delete_profile: register marks a deleted profile is_deleted, a key no realm_user update can set on a client.
    expectSuccess(as(model, IAGO).delete(`/users/${HAMLET.userId}`));
    expectSuccess(as(model, DESDEMONA).delete(`/users/${IAGO.userId}`));
    for (const { viewer, state, events } of clients) {
      applyUserEvents(model, state, events(), viewer.userId);
      expect(state, `the client of user ${viewer.userId}`).toEqual(registerUsers(model, viewer));
    }
  });
});
