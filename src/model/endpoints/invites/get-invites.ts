import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.js';
import { succeed } from '../../outcome.js';
import { presentEmailInvitation, presentInvitationLink } from '../../present/invitations.js';
import { selectControlledInvitations } from '../../rules/invitations.js';

/** GET /invites: the unexpired invitations the caller controls (administrators: all of them), e-mail ones first. */
export const getInvites = defineEndpoint({
  operation: 'get-invites',
  method: 'GET',
  path: '/invites',
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({}),
  reduce(state, { actor, now, origin }) {
    const { emails, links } = selectControlledInvitations(state, actor, now);
    return succeed(state, { invites: [...emails.map(presentEmailInvitation), ...links.map((link) => presentInvitationLink(link, origin))] });
  },
});
