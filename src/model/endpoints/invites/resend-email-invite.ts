import { z } from 'zod';
import { sendInvitationEmail } from '../../actions/invitations.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessEmailInvitation } from '../../rules/invitations.js';
import { getRow } from '../../tables/table.js';

/** POST /invites/{invite_id}/resend: the invitation e-mail again (into the outbox); no event. */
export const resendEmailInvite = defineEndpoint({
  operation: 'resend-email-invite',
  method: 'POST',
  path: '/invites/{invite_id}/resend',
  pathParams: { invite_id: 'int' },
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({}),
  reduce(state, { actor, path, now, origin }) {
    const invitation = accessEmailInvitation(state, actor, path.invite_id);
    if (!invitation.ok) return fail(invitation.error);
    const referrer = getRow(state.users, invitation.value.invitedBy) ?? actor;
    return succeed(commit(state, now, (tx) => sendInvitationEmail(tx, invitation.value, referrer, origin)));
  },
});
