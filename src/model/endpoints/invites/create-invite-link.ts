import { z } from 'zod';
import { createInvitationLink } from '../../actions/invitations.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import { invitationLinkUrl } from '../../present/invitations.js';
import { invitationLinksNeedAdministrator } from '../../rules/feature-levels.js';
import {
  accessInvitationChannels,
  accessInvitationGroups,
  canCreateInvitationLinks,
  checkInvitationRole,
  drawConfirmationKey,
  invitingAsRequiresAdministrator,
} from '../../rules/invitations.js';
import { isAdministrator } from '../../rules/roles.js';
import type { Role } from '../../state.js';
import { invitationTerms, invitationTermsParams } from './params.js';

/** POST /invites/multiuse: a reusable invitation link under the organization's URL. */
export const createInviteLink = defineEndpoint({
  operation: 'create-invite-link',
  method: 'POST',
  path: '/invites/multiuse',
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({ stream_ids: wire.intArray().optional(), ...invitationTermsParams }),
  reduce(state, { actor, params, now, entropy, origin }) {
    if (invitationLinksNeedAdministrator(state) && !isAdministrator(actor)) return fail(Errors.mustBe('administrator'));
    if (!canCreateInvitationLinks(state, actor, now)) return fail(Errors.insufficientPermission());
    const invitedAs = params.invite_as as Role;
    const role = checkInvitationRole(actor, invitedAs, invitingAsRequiresAdministrator(invitedAs));
    if (!role.ok) return fail(role.error);
    const channels = accessInvitationChannels(state, actor, params.stream_ids ?? [], now);
    if (!channels.ok) return fail(channels.error);
    const groups = accessInvitationGroups(state, actor, params.group_ids ?? [], now);
    if (!groups.ok) return fail(groups.error);
    if (params.welcome_message_custom_text !== undefined && !isAdministrator(actor)) return fail(Errors.administratorRequired());

    const terms = invitationTerms(
      actor,
      params,
      channels.value.map((channel) => channel.id),
      groups.value.map((group) => group.id),
      now,
    );
    const key = drawConfirmationKey(entropy);
    const written = commit(state, now, (tx) => {
      createInvitationLink(tx, actor, key, terms);
    });
    return succeed(written, { invite_link: invitationLinkUrl(origin, { key }) });
  },
});
