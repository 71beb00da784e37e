/** Invitations by e-mail and by reusable link, and their events. Every invitation a check makes is revoked afterwards. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEvents, expectNoEvents } from '../../events/expect-events.js';
import { settle, withQueues } from '../../events/queue.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { listInvites, realmDomain } from './support.js';

function address(ctx: CheckContext, label: string): string {
  return `${ctx.unique(label).toLowerCase()}@${realmDomain(ctx)}`;
}

async function emailInvitation(ctx: CheckContext): Promise<void> {
  const { member, otherMember, administrator } = ctx.cast;
  const email = address(ctx, 'invitee');
  await withQueues(
    ctx,
    {
      admin: [administrator, { eventTypes: ['invites_changed'] }],
      referrer: [member, { eventTypes: ['invites_changed'] }],
      other: [otherMember, { eventTypes: ['invites_changed'] }],
    },
    async (queues) => {
      expectSuccess(
        await ctx.call(member, 'POST', '/invites', { invitee_emails: email, stream_ids: '[]', invite_expires_in_minutes: '60' }),
        'admin.invites.send',
      );
      try {
        const own = (await listInvites(ctx, member, 'admin.invites.send')).find((invite) => invite['email'] === email);
        expectTrue(own !== undefined, `the invitation of ${email} among the referrer's`, 'admin.invites.send');
        expectTrue(
          Number.isInteger(own['id']) &&
            own['invited_by_user_id'] === member.userId &&
            Number.isInteger(own['invited']) &&
            own['expiry_date'] === (own['invited'] as number) + 3600 &&
            own['invited_as'] === 400 &&
            own['is_multiuse'] === false,
          `id, referrer, times in seconds, role and is_multiuse on ${JSON.stringify(own)}`,
          'admin.invites.listed-fields',
        );
        expectTrue(
          (await listInvites(ctx, administrator)).some((invite) => invite['id'] === own['id']),
          'the invitation among the administrator’s',
          'admin.invites.send',
        );
        expectEqual(
          (await listInvites(ctx, otherMember)).some((invite) => invite['id'] === own['id']),
          false,
          'the invitation among another member’s',
          'admin.invites.send',
        );
        await settle(ctx, [queues.admin, queues.referrer, queues.other]);
        await expectEvents(queues.admin, [{ type: 'invites_changed' }], { what: 'an invitation by a member', clause: 'events.invites' });
        await expectEvents(queues.referrer, [{ type: 'invites_changed' }], { what: 'their own invitation', clause: 'events.invites' });
        expectNoEvents(queues.other, (event) => event.type === 'invites_changed', { what: 'another member’s invitation', clause: 'events.invites' });
        expectSuccess(await ctx.call(member, 'DELETE', `/invites/${String(own['id'])}`), 'admin.invites.revoke');
        expectEqual(
          (await listInvites(ctx, member)).some((invite) => invite['id'] === own['id']),
          false,
          'the revoked invitation listed',
          'admin.invites.revoke',
        );
        expectError(await ctx.call(member, 'DELETE', `/invites/${String(own['id'])}`), 400, 'BAD_REQUEST', 'No such invitation', 'admin.invites.revoke');
      } finally {
        for (const invite of await listInvites(ctx, member))
          if (invite['email'] === email) await ctx.call(member, 'DELETE', `/invites/${String(invite['id'])}`);
      }
    },
  );
}

async function existingAccount(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const before = await listInvites(ctx, member);
  const body = expectError(
    await ctx.call(member, 'POST', '/invites', { invitee_emails: otherMember.email, stream_ids: '[]' }),
    400,
    'INVITATION_FAILED',
    "We weren't able to invite anyone.",
    'admin.invites.existing',
  );
  expectEqual(
    [body['errors'], body['sent_invitations']],
    [[[otherMember.email, 'Already has an account.', false]], false],
    'errors and sent_invitations',
    'admin.invites.existing',
  );
  expectEqual((await listInvites(ctx, member)).length, before.length, 'the member’s invitations after the refusal', 'admin.invites.existing');
}

async function invitationLink(ctx: CheckContext): Promise<void> {
  const { administrator } = ctx.cast;
  const link = expectSuccess(await ctx.call(administrator, 'POST', '/invites/multiuse', { invite_expires_in_minutes: '60' }), 'admin.invites.link')[
    'invite_link'
  ];
  expectTrue(typeof link === 'string' && /^https?:\/\//.test(link), `an invitation link, got ${JSON.stringify(link)}`, 'admin.invites.link');
  const listed = (await listInvites(ctx, administrator)).find((invite) => invite['link_url'] === link);
  try {
    expectTrue(listed !== undefined && listed['is_multiuse'] === true, `the link among the invitations, got ${JSON.stringify(listed)}`, 'admin.invites.link');
    expectSuccess(await ctx.call(administrator, 'DELETE', `/invites/multiuse/${String(listed['id'])}`), 'admin.invites.link-revoke');
    expectEqual(
      (await listInvites(ctx, administrator)).some((invite) => invite['link_url'] === link),
      false,
      'the revoked link listed',
      'admin.invites.link-revoke',
    );
    expectError(
      await ctx.call(administrator, 'DELETE', `/invites/multiuse/${String(listed['id'])}`),
      400,
      'BAD_REQUEST',
      'Invitation has already been revoked',
      'admin.invites.link-revoke',
    );
  } finally {
    if (listed !== undefined) await ctx.call(administrator, 'DELETE', `/invites/multiuse/${String(listed['id'])}`);
  }
}

export const INVITE_CHECKS = defineChecks([
  {
    id: 'admin.invites.email',
    title:
      'Given queues, when a member invites an address and revokes it, then they and the administrators list it and hear invites_changed, another member does not; it is gone after revoking',
    clauses: ['admin.invites.send', 'admin.invites.listed-fields', 'admin.invites.revoke', 'events.invites'],
    level: 'compat',
    endpoint: 'POST /invites',
    run: emailInvitation,
  },
  {
    id: 'admin.invites.existing',
    title: 'Given an existing account, when a member invites its address, then INVITATION_FAILED lists it and nothing is invited',
    clauses: ['admin.invites.existing'],
    level: 'compat',
    endpoint: 'POST /invites',
    run: existingAccount,
  },
  {
    id: 'admin.invites.link',
    title: 'Given an administrator, when they create and revoke a reusable link, then it is listed with its URL, then gone, and revoking again says so',
    clauses: ['admin.invites.link', 'admin.invites.link-revoke'],
    level: 'compat',
    endpoint: 'POST /invites/multiuse',
    run: invitationLink,
  },
]);
