import { describe, expect, it } from 'vitest';
import {
  as,
  CHANNEL,
  CORDELIA,
  DESDEMONA,
  expectError,
  expectSuccess,
  HAMLET,
  HAMLET_BOT,
  IAGO,
  newModel,
  POLONIUS,
  SHIVA,
} from '../../../testing/default-realm.js';
import { rows } from '../../tables/table.js';

type Model = ReturnType<typeof newModel>;

function invites(model: Model, actor: typeof HAMLET): Record<string, any>[] {
  return expectSuccess(as(model, actor).get('/invites'))['invites'];
}

function listen(model: Model, actor: typeof HAMLET): () => Record<string, any>[] {
  const queueId = expectSuccess(as(model, actor).post('/register', { event_types: '["invites_changed"]' }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

const invite = (extra: Record<string, string> = {}) => ({ invitee_emails: 'new.person@example.com', stream_ids: JSON.stringify([CHANNEL.general]), ...extra });

describe('e-mail invitations', () => {
  it('invites, lists the invitation to its referrer and the administrators, mails it, and tells them', () => {
    const model = newModel();
    const [iago, hamlet, cordelia] = [listen(model, IAGO), listen(model, HAMLET), listen(model, CORDELIA)];
    expectSuccess(as(model, HAMLET).post('/invites', invite({ invite_expires_in_minutes: '60', notify_referrer_on_join: 'false' })));
    const [own] = invites(model, HAMLET);
    expect(own).toEqual({
      email: 'new.person@example.com',
      invited_by_user_id: HAMLET.userId,
      invited: expect.any(Number),
      expiry_date: own!['invited'] + 3600,
      id: 1,
      invited_as: 400,
      is_multiuse: false,
      notify_referrer_on_join: false,
    });
    expect(invites(model, IAGO)).toEqual([own]);
    expect(invites(model, CORDELIA)).toEqual([]);
    expect(iago()).toEqual([{ type: 'invites_changed', id: 0 }]);
    expect(hamlet()).toEqual([{ type: 'invites_changed', id: 0 }]);
    expect(cordelia()).toEqual([]);
    const [mail] = [...rows(model.state.outbox)];
    expect(mail).toMatchObject({ to: 'new.person@example.com', template: 'invitation', subject: 'King Hamlet has invited you to join Chatref Default Realm' });
    expect(mail!.body).toMatch(/\/accounts\/do_confirm\/[a-z2-7]{24}/);
  });

  it('resends and revokes: the referrer or an administrator, nobody else', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/invites', invite()));
    const id = invites(model, HAMLET)[0]!['id'];
    expectError(as(model, CORDELIA).post(`/invites/${id}/resend`), 400, 'BAD_REQUEST', 'Must be an organization administrator');
    expectSuccess(as(model, HAMLET).post(`/invites/${id}/resend`));
    expect([...rows(model.state.outbox)]).toHaveLength(2);
    expectSuccess(as(model, IAGO).delete(`/invites/${id}`));
    expect(invites(model, HAMLET)).toEqual([]);
    expectError(as(model, HAMLET).delete(`/invites/${id}`), 400, 'BAD_REQUEST', 'No such invitation');
  });

  it('sorts addresses: invalid ones stop everything; existing accounts are skipped with an error that keeps the rest', () => {
    const model = newModel();
    const before = model.state;
    const invalid = expectError(as(model, HAMLET).post('/invites', invite({ invitee_emails: 'nope, hamlet@chatref.test' })), 400, 'INVITATION_FAILED');
    expect(invalid).toMatchObject({
      msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [
        ['nope', 'Invalid address.', false],
        ['hamlet@chatref.test', 'Already has an account.', false],
      ],
      sent_invitations: false,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    expectError(
      as(model, HAMLET).post('/invites', invite({ invitee_emails: 'othello@chatref.test' })),
      400,
      'INVITATION_FAILED',
      "We weren't able to invite anyone.",
    );
    expect(model.state).toBe(before);
    // The real server would invite someone@example.com and still answer the error; chatref's errors never write.
    const partial = expectError(
      as(model, HAMLET).post('/invites', invite({ invitee_emails: 'Someone <someone@example.com>\ncordelia@chatref.test' })),
      400,
      'INVITATION_FAILED',
      "Some of those addresses are already using Zulip, so we didn't send any invitations.",
    );
    expect(partial).toMatchObject({ errors: [['cordelia@chatref.test', 'Already has an account.', false]], sent_invitations: false });
    expect(model.state).toBe(before);
  });

  it('checks the caller, the role invited as, the channels, the groups and the custom text, in that order', () => {
    const model = newModel();
    const before = model.state;
    expectError(as(model, POLONIUS).post('/invites', invite()), 400, 'BAD_REQUEST', 'Not allowed for guest users');
    expectError(as(model, HAMLET_BOT).post('/invites', invite()), 400, 'BAD_REQUEST', 'This endpoint does not accept bot requests.');
    expectError(as(model, HAMLET).post('/invites', invite({ invite_as: '100' })), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectError(as(model, HAMLET).post('/invites', invite({ invite_as: '300' })), 400, 'BAD_REQUEST', 'Must be an organization administrator');
    expectError(as(model, IAGO).post('/invites', invite({ invite_as: '100' })), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
    expectError(
      as(model, HAMLET).post('/invites', invite({ invite_as: '7' })),
      400,
      'BAD_REQUEST',
      'Invalid invite_as: Value error, Not in the list of possible values',
    );
    expectError(as(model, HAMLET).post('/invites', invite({ invitee_emails: '' })), 400, 'BAD_REQUEST', 'You must specify at least one email address.');
    expectError(
      as(model, CORDELIA).post('/invites', invite({ stream_ids: JSON.stringify([CHANNEL.scotland]) })),
      400,
      'BAD_REQUEST',
      `Invalid channel ID ${CHANNEL.scotland}. No invites were sent.`,
    );
    expectError(as(model, HAMLET).post('/invites', invite({ welcome_message_custom_text: 'hi' })), 400, 'BAD_REQUEST', 'Must be an organization administrator');
    expectError(as(model, HAMLET).post('/invites', { invitee_emails: 'a@example.com' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'stream_ids' argument");
    expect(model.state).toBe(before);
    expectSuccess(as(model, DESDEMONA).post('/invites', invite({ invite_as: '100', welcome_message_custom_text: 'hi' })));
    expectSuccess(as(model, SHIVA).post('/invites', invite({ invitee_emails: 'other@example.com' })));
  });
});

describe('reusable invitation links', () => {
  it('creates a link under the realm URL, lists it, and revokes it once', () => {
    const model = newModel();
    const link = expectSuccess(as(model, IAGO).post('/invites/multiuse', { stream_ids: JSON.stringify([CHANNEL.general]), invite_expires_in_minutes: 'null' }))[
      'invite_link'
    ];
    expect(link).toMatch(/^https:\/\/[^/]+\/join\/[a-z2-7]{24}\/$/);
    const [entry] = invites(model, IAGO);
    expect(entry).toEqual({
      invited_by_user_id: IAGO.userId,
      invited: expect.any(Number),
      expiry_date: null,
      id: 1,
      link_url: link,
      invited_as: 400,
      is_multiuse: true,
    });
    expectError(as(model, HAMLET).post('/invites/multiuse', {}), 400, 'BAD_REQUEST', 'Insufficient permission');
    expectError(as(model, HAMLET).delete('/invites/multiuse/1'), 400, 'BAD_REQUEST', 'Must be an organization administrator');
    expectSuccess(as(model, IAGO).delete('/invites/multiuse/1'));
    expect(invites(model, IAGO)).toEqual([]);
    expectError(as(model, IAGO).delete('/invites/multiuse/1'), 400, 'BAD_REQUEST', 'Invitation has already been revoked');
    expectError(as(model, IAGO).delete('/invites/multiuse/9'), 400, 'BAD_REQUEST', 'No such invitation');
  });
});
