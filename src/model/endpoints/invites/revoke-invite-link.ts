import { z } from 'zod';
import { revokeInvitationLink } from '../../actions/invitations.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { accessInvitationLink } from '../../rules/invitations.js';

/** DELETE /invites/multiuse/{invite_id}: the referrer (or an administrator) revokes a reusable link. */
export const revokeInviteLink = defineEndpoint({
  operation: 'revoke-invite-link',
  method: 'DELETE',
  path: '/invites/multiuse/{invite_id}',
  pathParams: { invite_id: 'int' },
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({}),
  reduce(state, { actor, path, now }) {
    const link = accessInvitationLink(state, actor, path.invite_id);
    if (!link.ok) return fail(link.error);
    return succeed(commit(state, now, (tx) => revokeInvitationLink(tx, link.value)));
  },
});
