/** Wire parameters the invitation endpoints share (the real server's invite_users_backend and generate_multiuse_invite_backend). */
import { z } from 'zod';
import { maxChars, VAR, wire } from '../../params/wire.js';
import { DEFAULT_INVITATION_VALIDITY_MINUTES, INVITE_AS_ROLES } from '../../rules/invitations.js';
import type { InvitationTerms, Role, User } from '../../state.js';

/** The longest custom welcome message (Realm.MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH). */
export const MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH = 8000;

const inviteAs = wire.json(z.int()).superRefine((value, ctx) => {
  if (!(INVITE_AS_ROLES as readonly number[]).includes(value)) {
    ctx.addIssue({ code: 'custom', message: `Invalid ${VAR}: Value error, Not in the list of possible values` });
  }
});

export const invitationTermsParams = {
  invite_expires_in_minutes: wire.json(z.int().nullable()).optional(),
  invite_as: inviteAs.default(400),
  group_ids: wire.intArray().optional(),
  include_realm_default_subscriptions: wire.bool().default(false),
  welcome_message_custom_text: maxChars(MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH).optional(),
};

export interface TermsParams {
  readonly invite_expires_in_minutes?: number | null | undefined;
  readonly invite_as: number;
  readonly include_realm_default_subscriptions: boolean;
  readonly welcome_message_custom_text?: string | undefined;
}

/** What the accepted invitation will give, as stored: expiry from now (null never expires). */
export function invitationTerms(actor: User, params: TermsParams, channelIds: readonly number[], groupIds: readonly number[], now: number): InvitationTerms {
  const minutes = params.invite_expires_in_minutes === undefined ? DEFAULT_INVITATION_VALIDITY_MINUTES : params.invite_expires_in_minutes;
  return {
    invitedBy: actor.id,
    invitedAt: now,
    expiresAt: minutes === null ? null : now + minutes * 60,
    invitedAs: params.invite_as as Role,
    channelIds: [...channelIds],
    groupIds: [...groupIds],
    includeRealmDefaultSubscriptions: params.include_realm_default_subscriptions,
    welcomeMessageCustomText: params.welcome_message_custom_text ?? null,
  };
}
