import { z } from 'zod';
import { revokeEmailInvitation } from '../../actions/invitations.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessEmailInvitation } from '../../rules/invitations.js';

/** DELETE /invites/{invite_id}: the referrer (or an administrator) withdraws an e-mail invitation. */
export const revokeEmailInvite = defineEndpoint({
  operation: 'revoke-email-invite',
  method: 'DELETE',
  path: '/invites/{invite_id}',
  pathParams: { invite_id: 'int' },
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const invitation = accessEmailInvitation(state, actor, path.invite_id);
    if (!invitation.ok) return fail(invitation.error);
    return succeed(commit(state, now, (tx) => revokeEmailInvitation(tx, invitation.value)));
  },
});
