import { describe, expect, it } from 'vitest';
import {
  as,
  CORDELIA,
  DESDEMONA,
  expectError,
  expectSuccess,
  HAMLET,
  HAMLET_BOT,
  IAGO,
  newModel,
  OTHELLO,
  POLONIUS,
  SHIVA,
} from '../../../testing/default-realm.js';
import { SUBSCRIPTION_COLORS } from '../../records.js';
import { rows } from '../../tables/table.js';
import { archiveChannel, channelIdOf, groupId, setRealm, setRealmGroup, subscribedNames, subscribeTo, subscriptionOf } from './test-support.js';

describe('POST /users/me/subscriptions: creating channels (spec: POST /users/me/subscriptions)', () => {
  it('creates a missing channel, subscribes the caller and answers with user-id keys', () => {
    const model = newModel();
    const data = expectSuccess(subscribeTo(model, HAMLET, ['  Wittenberg  ']));
    expect(data).toEqual({
      result: 'success',
      msg: '',
      subscribed: { [String(HAMLET.userId)]: ['Wittenberg'] },
      already_subscribed: {},
      new_subscription_messages_sent: true,
    });
    const sub = subscriptionOf(model, HAMLET, 'Wittenberg')!;
    expect(sub).toMatchObject({
      name: 'Wittenberg',
      creator_id: HAMLET.userId,
      invite_only: false,
      is_web_public: false,
      history_public_to_subscribers: true,
      message_retention_days: null,
      topics_policy: 'inherit',
      description: '',
      rendered_description: '',
      first_message_id: null,
      folder_id: null,
      is_archived: false,
      is_recently_active: true,
      subscriber_count: 1,
      can_add_subscribers_group: groupId(model, 'role:nobody'),
      can_remove_subscribers_group: groupId(model, 'role:administrators'),
      can_administer_channel_group: { direct_members: [HAMLET.userId], direct_subgroups: [] },
      can_delete_any_message_group: groupId(model, 'role:nobody'),
      can_delete_own_message_group: groupId(model, 'role:nobody'),
      can_move_messages_out_of_channel_group: groupId(model, 'role:nobody'),
      is_muted: false,
      in_home_view: true,
      pin_to_top: false,
      desktop_notifications: null,
    });
    expect(SUBSCRIPTION_COLORS).toContain(sub['color']);
    expect(sub).not.toHaveProperty('is_default');
  });

  it('finds existing channels case-insensitively and reports them as already subscribed', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Wittenberg']));
    const before = model.state.channels.size;
    const data = expectSuccess(subscribeTo(model, HAMLET, ['wittenberg']));
    expect(data['subscribed']).toEqual({});
    expect(data['already_subscribed']).toEqual({ [String(HAMLET.userId)]: ['Wittenberg'] });
    expect(model.state.channels.size).toBe(before);
  });

  it('keeps descriptions on one line and renders them', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'Desc', description: 'a\n**b**' }]) }));
    expect(subscriptionOf(model, HAMLET, 'Desc')).toMatchObject({ description: 'a **b**', rendered_description: '<p>a <strong>b</strong></p>' });
  });

  it('applies the length limits to names and descriptions', () => {
    const model = newModel();
    const before = model.state;
    expectError(subscribeTo(model, HAMLET, ['x'.repeat(61)]), 400, 'BAD_REQUEST', 'Channel name too long (limit: 60 characters).');
    expectSuccess(subscribeTo(model, HAMLET, ['😀'.repeat(60)]));
    const long = JSON.stringify([{ name: 'Long', description: 'd'.repeat(1025) }]);
    expectError(
      as(model, HAMLET).post('/users/me/subscriptions', { subscriptions: long }),
      400,
      'BAD_REQUEST',
      'subscriptions[0]["description"] is too long (limit: 1024 characters)',
    );
    expect(model.state.channels.size).toBe(before.channels.size + 1);
  });

  it('refuses empty names and unprintable characters with their 1-based position', () => {
    const model = newModel();
    const before = model.state;
    expectError(subscribeTo(model, HAMLET, ['   ']), 400, 'BAD_REQUEST', "Channel name can't be empty.");
    expectError(subscribeTo(model, HAMLET, ['ab\u0007c']), 400, 'BAD_REQUEST', 'Invalid character in channel name, at position 3.');
    expectError(subscribeTo(model, HAMLET, ['😀\uFFFE']), 400, 'BAD_REQUEST', 'Invalid character in channel name, at position 2.');
    expectError(subscribeTo(model, HAMLET, ['ok', 'bad\uFDD0']), 400, 'BAD_REQUEST', 'Invalid character in channel name, at position 4.');
    expect(model.state).toBe(before);
    expectSuccess(subscribeTo(model, HAMLET, ['#a*b>c 🎉']));
  });

  it('rejects guests outright', () => {
    const model = newModel();
    const before = model.state;
    expectError(subscribeTo(model, POLONIUS, ['Guests']), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expect(model.state).toBe(before);
  });

  it('makes private channels with protected history unless asked, and forces shared history on public ones', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Private'], { invite_only: 'true' }));
    expectSuccess(subscribeTo(model, HAMLET, ['Shared'], { invite_only: 'true', history_public_to_subscribers: 'true' }));
    expectSuccess(subscribeTo(model, HAMLET, ['Public'], { history_public_to_subscribers: 'false' }));
    expect(subscriptionOf(model, HAMLET, 'Private')).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expect(subscriptionOf(model, HAMLET, 'Shared')).toMatchObject({ invite_only: true, history_public_to_subscribers: true });
    expect(subscriptionOf(model, HAMLET, 'Public')).toMatchObject({ invite_only: false, history_public_to_subscribers: true });
  });

  it('needs the channel-creation group of the kind of channel', () => {
    const model = newModel();
    setRealmGroup(model, 'can_create_private_channel_group', 'role:administrators');
    const before = model.state;
    expectError(subscribeTo(model, HAMLET, ['Secret'], { invite_only: 'true' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expect(model.state).toBe(before);
    expectSuccess(subscribeTo(model, HAMLET, ['Open']));
    expectSuccess(subscribeTo(model, IAGO, ['Secret'], { invite_only: 'true' }));
  });

  it('ignores the creation-only settings for channels that already exist', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Existing']));
    const params = {
      invite_only: 'true',
      topics_policy: '"inherit"',
      can_add_subscribers_group: JSON.stringify(groupId(model, 'role:everyone')),
      can_delete_any_message_group: JSON.stringify(groupId(model, 'role:members')),
    };
    expectSuccess(subscribeTo(model, CORDELIA, ['Existing'], params));
    expect(subscriptionOf(model, CORDELIA, 'Existing')).toMatchObject({
      invite_only: false,
      can_add_subscribers_group: groupId(model, 'role:nobody'),
      can_delete_any_message_group: groupId(model, 'role:nobody'),
    });
  });
});

describe('POST /users/me/subscriptions: default, web-public, retention and topics policy', () => {
  it('lets only administrators make default channels, and never private ones', () => {
    const model = newModel();
    const before = model.state;
    expectError(subscribeTo(model, HAMLET, ['Default'], { is_default_stream: 'true' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(
      subscribeTo(model, IAGO, ['Default'], { is_default_stream: 'true', invite_only: 'true' }),
      400,
      'BAD_REQUEST',
      'A default channel cannot be private.',
    );
    expect(model.state).toBe(before);
    expectSuccess(subscribeTo(model, IAGO, ['Default'], { is_default_stream: 'true' }));
    expect(model.state.defaultChannelIds).toContain(channelIdOf(model, 'Default'));
  });

  it('needs the server setting, spectator access and can_create_web_public_channel_group for web-public channels', () => {
    const model = newModel();
    setRealm(model, { enableSpectatorAccess: false });
    const before = model.state;
    expectError(subscribeTo(model, DESDEMONA, ['Web'], { is_web_public: 'true' }), 400, 'BAD_REQUEST', 'Web-public channels are not enabled.');
    expect(model.state).toBe(before);
    setRealm(model, { enableSpectatorAccess: true });
    model.reset({ ...model.state, server: { ...model.state.server, webPublicStreamsEnabled: false } });
    expectError(subscribeTo(model, DESDEMONA, ['Web'], { is_web_public: 'true' }), 400, 'BAD_REQUEST', 'Web-public channels are not enabled.');
    model.reset({ ...model.state, server: { ...model.state.server, webPublicStreamsEnabled: true } });
    expectError(subscribeTo(model, IAGO, ['Web'], { is_web_public: 'true' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(subscribeTo(model, DESDEMONA, ['Web'], { is_web_public: 'true' }));
    expect(subscriptionOf(model, DESDEMONA, 'Web')).toMatchObject({ is_web_public: true, history_public_to_subscribers: true });
  });

  it('parses message_retention_days on every request and lets only owners set it', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, HAMLET, ['Kept']));
    const before = model.state;
    for (const bad of ['0', '-3', '"forever"', '"5"', 'forever']) {
      const error = expectError(subscribeTo(model, HAMLET, ['Kept'], { message_retention_days: bad }), 400, 'REQUEST_VARIABLE_INVALID');
      expect(error['var_name']).toBe('message_retention_days');
      expect(error['msg']).toBe(`Bad value for 'message_retention_days': ${String(error['bad_value'])}`);
    }
    expectError(
      subscribeTo(model, HAMLET, ['Kept'], { message_retention_days: '-3' }),
      400,
      'REQUEST_VARIABLE_INVALID',
      "Bad value for 'message_retention_days': -3",
    );
    expectError(subscribeTo(model, IAGO, ['Short'], { message_retention_days: '30' }), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expect(model.state).toBe(before);
    expectSuccess(subscribeTo(model, HAMLET, ['Kept'], { message_retention_days: '30' }));
    expectSuccess(subscribeTo(model, DESDEMONA, ['Short'], { message_retention_days: '30' }));
    expectSuccess(subscribeTo(model, DESDEMONA, ['Forever'], { message_retention_days: '"unlimited"' }));
    expectSuccess(subscribeTo(model, DESDEMONA, ['Inherit'], { message_retention_days: 'realm_default' }));
    expect(subscriptionOf(model, DESDEMONA, 'Short')!['message_retention_days']).toBe(30);
    expect(subscriptionOf(model, DESDEMONA, 'Forever')!['message_retention_days']).toBe(-1);
    expect(subscriptionOf(model, DESDEMONA, 'Inherit')!['message_retention_days']).toBeNull();
  });

  it('validates topics_policy and needs can_set_topics_policy_group for anything but inherit', () => {
    const model = newModel();
    const before = model.state;
    expectError(subscribeTo(model, HAMLET, ['Topics'], { topics_policy: '"sometimes"' }), 400, 'BAD_REQUEST', 'Invalid topics_policy');
    setRealmGroup(model, 'can_set_topics_policy_group', 'role:moderators');
    const restricted = model.state;
    expectError(subscribeTo(model, HAMLET, ['Topics'], { topics_policy: '"disable_empty_topic"' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expect(model.state).toBe(restricted);
    expect(before.channels.size).toBe(restricted.channels.size);
    expectSuccess(subscribeTo(model, HAMLET, ['Inherit'], { topics_policy: '"inherit"' }));
    expectSuccess(subscribeTo(model, SHIVA, ['Topics'], { topics_policy: '"disable_empty_topic"' }));
    expect(subscriptionOf(model, SHIVA, 'Topics')!['topics_policy']).toBe('disable_empty_topic');
  });
});

describe('POST /users/me/subscriptions: group settings of new channels', () => {
  it('stores requested values in normal form and refuses groups a setting may not hold', () => {
    const model = newModel();
    const everyone = groupId(model, 'role:everyone');
    const before = model.state;
    expectError(
      subscribeTo(model, HAMLET, ['Groups'], { can_add_subscribers_group: String(everyone) }),
      400,
      'BAD_REQUEST',
      "'can_add_subscribers_group' setting cannot be set to 'role:everyone' group.",
    );
    expectError(subscribeTo(model, HAMLET, ['Groups'], { can_remove_subscribers_group: '99999' }), 400, 'BAD_REQUEST', 'Invalid user group');
    expect(model.state).toBe(before);
    const members = groupId(model, 'role:members');
    expectSuccess(
      subscribeTo(model, HAMLET, ['Groups'], {
        can_add_subscribers_group: JSON.stringify({ direct_members: [], direct_subgroups: [members] }),
        can_administer_channel_group: JSON.stringify({ direct_members: [CORDELIA.userId, HAMLET.userId], direct_subgroups: [] }),
      }),
    );
    expect(subscriptionOf(model, HAMLET, 'Groups')).toMatchObject({
      can_add_subscribers_group: members,
      can_administer_channel_group: { direct_members: [HAMLET.userId, CORDELIA.userId].sort((a, b) => a - b), direct_subgroups: [] },
    });
  });

  it('needs can_set_delete_message_policy_group for delete settings other than nobody', () => {
    const model = newModel();
    const members = String(groupId(model, 'role:members'));
    const before = model.state;
    expectError(subscribeTo(model, HAMLET, ['Deletes'], { can_delete_own_message_group: members }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expect(model.state).toBe(before);
    expectSuccess(subscribeTo(model, HAMLET, ['Nobody'], { can_delete_any_message_group: String(groupId(model, 'role:nobody')) }));
    expectSuccess(subscribeTo(model, SHIVA, ['Deletes'], { can_delete_own_message_group: members }));
    expect(subscriptionOf(model, SHIVA, 'Deletes')!['can_delete_own_message_group']).toBe(Number(members));
  });
});

describe('POST /users/me/subscriptions: principals and authorization', () => {
  it('subscribes others by id or by e-mail', () => {
    const model = newModel();
    const data = expectSuccess(subscribeTo(model, HAMLET, ['Party'], { principals: JSON.stringify([CORDELIA.userId, HAMLET_BOT.userId]) }));
    expect(data['subscribed']).toEqual({ [String(CORDELIA.userId)]: ['Party'], [String(HAMLET_BOT.userId)]: ['Party'] });
    expect(subscribedNames(model, HAMLET)).not.toContain('Party');
    // Cordelia shows her address to administrators only: others cannot name her by it.
    expectError(subscribeTo(model, HAMLET, ['Party'], { principals: JSON.stringify([CORDELIA.email]) }), 400, 'BAD_REQUEST', 'No such user');
    const again = expectSuccess(subscribeTo(model, IAGO, ['Party'], { principals: JSON.stringify([CORDELIA.email, HAMLET.email]) }));
    expect(again['subscribed']).toEqual({ [String(HAMLET.userId)]: ['Party'] });
    expect(again['already_subscribed']).toEqual({ [String(CORDELIA.userId)]: ['Party'] });
    expect(subscriptionOf(model, CORDELIA, 'Party')!['subscriber_count']).toBe(3);
  });

  it('fails as a whole on an unknown or deactivated principal (400 BAD_REQUEST; 403 UNAUTHORIZED_PRINCIPAL before feature level 208)', () => {
    const model = newModel();
    const before = model.state;
    expectError(subscribeTo(model, HAMLET, ['Nope'], { principals: JSON.stringify([CORDELIA.userId, 424242]) }), 400, 'BAD_REQUEST', 'No such user');
    expectError(subscribeTo(model, HAMLET, ['Nope'], { principals: JSON.stringify([OTHELLO.userId]) }), 400, 'BAD_REQUEST', 'User is deactivated');
    expectError(subscribeTo(model, HAMLET, ['Nope'], { principals: JSON.stringify([2_000_000_000]) }), 400, 'BAD_REQUEST', 'No such user');
    expectError(subscribeTo(model, HAMLET, ['Nope'], { principals: JSON.stringify(['nobody@chatref.test']) }), 400, 'BAD_REQUEST', 'No such user');
    expect(model.state).toBe(before);
    model.reset({ ...model.state, featureLevel: 207 });
    const legacy = model.state;
    expectError(subscribeTo(model, HAMLET, ['Nope'], { principals: JSON.stringify([424242]) }), 403, 'UNAUTHORIZED_PRINCIPAL');
    expectError(subscribeTo(model, HAMLET, ['Nope'], { principals: JSON.stringify([OTHELLO.userId]) }), 403, 'UNAUTHORIZED_PRINCIPAL');
    expect(model.state).toBe(legacy);
  });

  it('refuses principals that mix ids and e-mails', () => {
    const model = newModel();
    expectError(subscribeTo(model, HAMLET, ['Mixed'], { principals: JSON.stringify([CORDELIA.userId, HAMLET.email]) }), 400, 'BAD_REQUEST');
  });

  it('answers a private channel without content access with "Unable to access channel", or lists it as unauthorized', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, IAGO, ['Council'], { invite_only: 'true' }));
    expectSuccess(subscribeTo(model, IAGO, ['Open']));
    const before = model.state;
    expectError(subscribeTo(model, HAMLET, ['Open', 'Council']), 400, 'BAD_REQUEST', 'Unable to access channel (Council).');
    // Administrators get no content access to private channels they are not in.
    expectError(subscribeTo(model, DESDEMONA, ['Council']), 400, 'BAD_REQUEST', 'Unable to access channel (Council).');
    expect(model.state).toBe(before);
    const data = expectSuccess(subscribeTo(model, HAMLET, ['Open', 'Council'], { authorization_errors_fatal: 'false' }));
    expect(data['unauthorized']).toEqual(['Council']);
    expect(data['subscribed']).toEqual({ [String(HAMLET.userId)]: ['Open'] });
    expect(subscribedNames(model, HAMLET)).not.toContain('Council');
  });

  it('lets can_add_subscribers_group members add others to a private channel they are not subscribed to', () => {
    const model = newModel();
    expectSuccess(
      subscribeTo(model, IAGO, ['Council'], {
        invite_only: 'true',
        can_add_subscribers_group: JSON.stringify({ direct_members: [HAMLET.userId], direct_subgroups: [] }),
      }),
    );
    const data = expectSuccess(subscribeTo(model, HAMLET, ['Council'], { principals: JSON.stringify([CORDELIA.userId]) }));
    expect(data['subscribed']).toEqual({ [String(CORDELIA.userId)]: ['Council'] });
    expect(subscribedNames(model, HAMLET)).not.toContain('Council');
    expect(subscribedNames(model, CORDELIA)).toContain('Council');
  });

  it('needs a subscribe-others permission for existing channels, fatal whatever authorization_errors_fatal says', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, IAGO, ['Hall']));
    setRealmGroup(model, 'can_add_subscribers_group', 'role:administrators');
    const before = model.state;
    const principals = JSON.stringify([CORDELIA.userId]);
    expectError(subscribeTo(model, HAMLET, ['Hall'], { principals }), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(subscribeTo(model, HAMLET, ['Hall'], { principals, authorization_errors_fatal: 'false' }), 400, 'BAD_REQUEST', 'Insufficient permission');
    // Subscribing oneself by id is not subscribing others; by e-mail it is.
    expect(model.state).toBe(before);
    expectSuccess(subscribeTo(model, HAMLET, ['Hall'], { principals: JSON.stringify([HAMLET.userId]) }));
    expectError(subscribeTo(model, CORDELIA, ['Hall'], { principals: JSON.stringify([CORDELIA.email]) }), 400, 'BAD_REQUEST', 'Insufficient permission');
    // Channels created in the call are always authorized.
    expectSuccess(subscribeTo(model, HAMLET, ['Brand new'], { principals }));
    // The channel's administrators may.
    expectSuccess(subscribeTo(model, IAGO, ['Hall'], { principals }));
  });
});

describe('POST /users/me/subscriptions: archived channels', () => {
  it('allows subscribing to archived channels at our feature level but not before 362', () => {
    const model = newModel();
    expectSuccess(subscribeTo(model, IAGO, ['Old']));
    archiveChannel(model, 'Old');
    expectSuccess(subscribeTo(model, HAMLET, ['Old']));
    model.reset({ ...model.state, featureLevel: 361 });
    const before = model.state;
    expectError(subscribeTo(model, CORDELIA, ['Old']), 400, 'BAD_REQUEST', 'Unable to access channel (Old).');
    expect(model.state).toBe(before);
  });
});

describe('POST /users/me/subscriptions: notifications', () => {
  it('has the Notification Bot announce new channels in the announcements channel (topic "new channels")', () => {
    const model = newModel();
    // The default realm's history comes first; what these requests post follows it.
    const history = model.state.messages.size;
    expectSuccess(subscribeTo(model, IAGO, ['Announcements']));
    const announcementsId = channelIdOf(model, 'Announcements');
    setRealm(model, { newStreamAnnouncementsStreamId: announcementsId });
    expectSuccess(subscribeTo(model, HAMLET, ['Quiet']));
    expect(model.state.messages.size).toBe(history);
    expectSuccess(subscribeTo(model, HAMLET, ['Loud', 'Louder'], { announce: 'true' }));
    const messages = [...rows(model.state.messages)].slice(history);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      senderId: model.state.systemBots.notificationBot.id,
      channelId: announcementsId,
      topic: 'new channels',
      content: `@_**King Hamlet|${HAMLET.userId}** created the following channels: #**Loud**, #**Louder**.`,
    });
    expect(subscriptionOf(model, IAGO, 'Announcements')!['first_message_id']).toBe(messages[0]!.id);
    expectSuccess(subscribeTo(model, HAMLET, ['Single'], { announce: 'true' }));
    expect([...rows(model.state.messages)][history + 1]!.content).toBe(`@_**King Hamlet|${HAMLET.userId}** created a new channel #**Single**.`);
    // The bot is not a member of the realm.
    const members = expectSuccess(as(model, IAGO).get('/users'))['members'] as { user_id: number }[];
    expect(members.map((member) => member.user_id)).not.toContain(model.state.systemBots.notificationBot.id);
  });

  it('posts the channel-events message in each new channel only when the realm sends them', () => {
    const model = newModel();
    const history = model.state.messages.size;
    setRealm(model, { sendChannelEventsMessages: true });
    expectSuccess(subscribeTo(model, HAMLET, ['Private'], { invite_only: 'true' }));
    const [message] = [...rows(model.state.messages)].slice(history);
    expect(message).toMatchObject({
      channelId: channelIdOf(model, 'Private'),
      topic: 'channel events',
      content: `**Private, protected history** channel created by @_**King Hamlet|${HAMLET.userId}**. **Description:**\n\`\`\`\` quote\n*No description.*\n\`\`\`\``,
    });
    expect(subscriptionOf(model, HAMLET, 'Private')!['first_message_id']).toBe(message!.id);
  });
});
