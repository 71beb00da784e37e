/** Invitation dicts of GET /invites (the real server's do_get_invites_controlled_by_user) and their links. */
import type { EmailInvitation, InvitationLink } from '../state.js';

/** Where an e-mail invitation's link leads (confirmation_url_for an invitation). */
export function emailInvitationUrl(origin: string, invitation: Pick<EmailInvitation, 'key'>): string {
  return `${origin}/accounts/do_confirm/${invitation.key}`;
}

/** A reusable invitation link (confirmation_url_for a multiuse invitation). */
export function invitationLinkUrl(origin: string, invitation: Pick<InvitationLink, 'key'>): string {
  return `${origin}/join/${invitation.key}/`;
}

export function presentEmailInvitation(invitation: EmailInvitation): Record<string, unknown> {
  return {
    email: invitation.email,
    invited_by_user_id: invitation.invitedBy,
    invited: invitation.invitedAt,
    expiry_date: invitation.expiresAt,
    id: invitation.id,
    invited_as: invitation.invitedAs,
    is_multiuse: false,
    notify_referrer_on_join: invitation.notifyReferrerOnJoin,
  };
}

export function presentInvitationLink(invitation: InvitationLink, origin: string): Record<string, unknown> {
  return {
    invited_by_user_id: invitation.invitedBy,
    invited: invitation.invitedAt,
    expiry_date: invitation.expiresAt,
    id: invitation.id,
    link_url: invitationLinkUrl(origin, invitation),
    invited_as: invitation.invitedAs,
    is_multiuse: true,
  };
}
