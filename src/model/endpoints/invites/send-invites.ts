import { z } from 'zod';
import { inviteByEmail } from '../../actions/invitations.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { wire } from '../../params/wire.js';
import {
  accessInvitationChannels,
  accessInvitationGroups,
  canInviteByEmail,
  checkInvitationRole,
  drawConfirmationKey,
  invitingAsRequiresAdministrator,
  isTooNewToInvite,
  parseInviteeEmails,
  sortInvitees,
} from '../../rules/invitations.js';
import { isAdministrator } from '../../rules/roles.js';
import type { Role } from '../../state.js';
import { invitationTerms, invitationTermsParams } from './params.js';

/**
 * POST /invites: invitations by e-mail, checked in the real server's order.
 * Invalid addresses stop everything; addresses of existing accounts are
 * skipped, and when others were invited the answer is still an error that
 * lists them (sent_invitations: true) while the invitations stand.
 */
export const sendInvites = defineEndpoint({
  operation: 'send-invites',
  method: 'POST',
  path: '/invites',
  auth: 'basic',
  allowBots: false,
  requiresMember: true,
  params: z.object({
    invitee_emails: z.string(),
    stream_ids: wire.intArray(),
    notify_referrer_on_join: wire.bool().default(true),
    ...invitationTermsParams,
  }),
  reduce(state, { actor, params, now, entropy, origin }) {
    if (!canInviteByEmail(state, actor, now)) return fail(Errors.insufficientPermission());
    const invitedAs = params.invite_as as Role;
    const role = checkInvitationRole(actor, invitedAs, invitingAsRequiresAdministrator(invitedAs));
    if (!role.ok) return fail(role.error);
    if (params.invitee_emails === '') return fail(Errors.noInviteeEmails());
    const emails = parseInviteeEmails(params.invitee_emails);
    const channels = accessInvitationChannels(state, actor, params.stream_ids, now);
    if (!channels.ok) return fail(channels.error);
    const groups = accessInvitationGroups(state, actor, params.group_ids ?? [], now);
    if (!groups.ok) return fail(groups.error);
    if (params.welcome_message_custom_text !== undefined && !isAdministrator(actor)) return fail(Errors.administratorRequired());

    if (isTooNewToInvite(state, actor, now)) {
      const msg = 'Your account is too new to send invites for this organization. Ask an organization admin, or a more experienced user.';
      return fail(Errors.invitationFailed(msg, [], false));
    }
    const sorted = sortInvitees(state, emails);
    if (sorted.invalid.length > 0) {
      return fail(Errors.invitationFailed("Some emails did not validate, so we didn't send any invitations.", [...sorted.invalid, ...sorted.existing], false));
    }
    if (sorted.existing.length > 0 && sorted.existing.length === emails.length) {
      return fail(Errors.invitationFailed("We weren't able to invite anyone.", sorted.existing, false));
    }
    // The real server invites the others and then answers this error (sent_invitations: true). An error
    // that writes is the one thing chatref's model never does, so it invites no one and says so.
    if (sorted.existing.length > 0) {
      const msg = "Some of those addresses are already using Zulip, so we didn't send any invitations.";
      return fail(Errors.invitationFailed(msg, sorted.existing, false));
    }

    const terms = invitationTerms(
      actor,
      params,
      channels.value.map((channel) => channel.id),
      groups.value.map((group) => group.id),
      now,
    );
    const invitees = sorted.valid.map((email) => ({ email, key: drawConfirmationKey(entropy) }));
    return succeed(commit(state, now, (tx) => inviteByEmail(tx, actor, invitees, terms, params.notify_referrer_on_join, origin)));
  },
});
