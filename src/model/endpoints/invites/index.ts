/** Invitations: by e-mail and by reusable link. */
import { endpointList } from '../../endpoint.js';
import { createInviteLink } from './create-invite-link.js';
import { getInvites } from './get-invites.js';
import { resendEmailInvite } from './resend-email-invite.js';
import { revokeEmailInvite } from './revoke-email-invite.js';
import { revokeInviteLink } from './revoke-invite-link.js';
import { sendInvites } from './send-invites.js';

export const INVITE_ENDPOINTS = endpointList(getInvites, sendInvites, revokeEmailInvite, resendEmailInvite, createInviteLink, revokeInviteLink);
