/**
 * Invitations (the real server's zerver/views/invite.py and
 * zerver/actions/invites.py): who may invite whom, to which channels and
 * groups, which addresses are refused, and which invitations a user controls.
 */
import type { EntropyReader } from '../entropy.js';
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, EmailInvitation, InvitationLink, Role, State, User, UserGroup } from '../state.js';
import { entries, getRow, rows, type Table } from '../tables/table.js';
import { canAccessChannelContent, selectChannel } from './channels.js';
import { isValidEmail } from './emails.js';
import { mayAlwaysInviteToDefaultChannels } from './feature-levels.js';
import { accessUserGroupForUpdate, canAddMembers } from './groups.js';
import { hasRealmPermission } from './realm-group-settings.js';
import { isAdministrator, isOwner, ROLE_ADMINISTRATOR, ROLE_MODERATOR, ROLE_OWNER } from './roles.js';
import { canSubscribeOthers } from './subscriptions.js';
import { normalizeEmail, selectUserByDeliveryEmail } from './users.js';

/** The server's INVITATION_LINK_VALIDITY_DAYS (10), in minutes: how long an invitation lasts unless told otherwise. */
export const DEFAULT_INVITATION_VALIDITY_MINUTES = 10 * 24 * 60;

/**
 * Where invite_required is off, non-administrators younger than this may not
 * invite (INVITES_MIN_USER_AGE_DAYS): 3 in production, 0 on the development
 * server chatref stands in for, which turns the rule off.
 */
export const MIN_INVITER_AGE_DAYS = 0;

export const INVITE_AS_ROLES: readonly Role[] = [ROLE_OWNER, ROLE_ADMINISTRATOR, ROLE_MODERATOR, 400, 600];

export type InvitationError = readonly [email: string, message: string, deactivated: boolean];

export function canInviteByEmail(state: State, actor: User, now: number): boolean {
  return hasRealmPermission(state, actor, 'can_invite_users_group', now);
}

export function canCreateInvitationLinks(state: State, actor: User, now: number): boolean {
  return hasRealmPermission(state, actor, 'create_multiuse_invite_group', now);
}

/** Inviting owners is for owners; administrators and moderators (`requireAdministrator`) for administrators. */
export function checkInvitationRole(actor: User, invitedAs: Role, requireAdministrator: boolean): Checked<true> {
  if (invitedAs === ROLE_OWNER && !isOwner(actor)) return reject(Errors.mustBe('owner'));
  if (requireAdministrator && !isAdministrator(actor)) return reject(Errors.administratorRequired());
  return accept(true);
}

/** The roles only administrators (owners: only owners) may invite as. */
export function invitingAsRequiresAdministrator(invitedAs: Role): boolean {
  return invitedAs === ROLE_OWNER || invitedAs === ROLE_ADMINISTRATOR || invitedAs === ROLE_MODERATOR;
}

/**
 * The channels new users will join: each one active and readable by the
 * inviter (else "Invalid channel ID <id>. No invites were sent."), and each
 * one a default channel or one the inviter may subscribe others to.
 */
export function accessInvitationChannels(state: State, actor: User, channelIds: readonly number[], now: number): Checked<readonly Channel[]> {
  const channels: Channel[] = [];
  for (const channelId of channelIds) {
    const channel = selectChannel(state, channelId);
    if (channel === undefined || channel.isArchived || !canAccessChannelContent(state, actor, channel, now)) {
      return reject(Errors.invalidInvitationChannel(channelId));
    }
    channels.push(channel);
  }
  const exempt = (channel: Channel) => mayAlwaysInviteToDefaultChannels(state) && state.defaultChannelIds.includes(channel.id);
  const refused = channels.some((channel) => !exempt(channel) && !canSubscribeOthers(state, actor, channel, now));
  if (refused) return reject(Errors.cannotSubscribeOthersByInvitation());
  return accept(channels);
}

/** The groups new users will join: each one a group the inviter may add members to. */
export function accessInvitationGroups(state: State, actor: User, groupIds: readonly number[], now: number): Checked<readonly UserGroup[]> {
  const groups: UserGroup[] = [];
  for (const groupId of groupIds) {
    const group = accessUserGroupForUpdate(state, actor, groupId, canAddMembers, now, { allowDeactivated: false });
    if (!group.ok) return group;
    groups.push(group.value);
  }
  return accept(groups);
}

/** `invitee_emails` split at commas and newlines, `Name <address>` reduced to the address, trimmed, each once. */
export function parseInviteeEmails(raw: string): string[] {
  const emails = new Set<string>();
  for (const part of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(part);
    emails.add((named === null ? part : named[1]!).trim());
  }
  return [...emails];
}

/** Where invite_required is off, a new non-administrator may not invite yet (a guard against spam). */
export function isTooNewToInvite(state: State, actor: User, now: number): boolean {
  if (state.realm.settings.inviteRequired || isAdministrator(actor)) return false;
  const joined = actor.firstLoginAt !== null && actor.joinedByFirstLogin ? actor.firstLoginAt : actor.dateCreated;
  return joined > now - MIN_INVITER_AGE_DAYS * 86_400;
}

export interface SortedInvitees {
  /** Addresses that did not validate: nothing is sent. */
  readonly invalid: readonly InvitationError[];
  /** Addresses of existing accounts: skipped. */
  readonly existing: readonly InvitationError[];
  readonly valid: readonly string[];
}

/** Sorts addresses into invalid ones, existing accounts and the ones to invite (empty entries are dropped). */
export function sortInvitees(state: State, emails: readonly string[]): SortedInvitees {
  const invalid: InvitationError[] = [];
  const existing: InvitationError[] = [];
  const valid: string[] = [];
  for (const email of emails) {
    if (email === '') continue;
    if (!isValidEmail(email)) {
      invalid.push([email, 'Invalid address.', false]);
      continue;
    }
    const user = selectUserByDeliveryEmail(state, normalizeEmail(email));
    if (user === undefined) valid.push(email);
    else existing.push([email, user.isActive ? 'Already has an account.' : 'Account has been deactivated.', !user.isActive]);
  }
  return { invalid, existing, valid };
}

/** A confirmation key as the real server makes one: 15 random bytes in lower-case base32 (24 characters). */
export function drawConfirmationKey(entropy: EntropyReader): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = entropy.take(15);
  let bits = 0;
  let value = 0;
  let key = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      key += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return key;
}

function isLive(expiresAt: number | null, now: number): boolean {
  return expiresAt === null || expiresAt >= now;
}

/** Ids in a referrer index (referrer id → (id → id)) for one referrer. */
function idsOf(index: Table<number, Table<number, number>>, referrerId: number): number[] {
  const ids = getRow(index, referrerId);
  return ids === undefined ? [] : [...entries(ids)].map(([id]) => id);
}

/** The unexpired invitations `actor` controls: all of them for administrators, else their own (do_get_invites_controlled_by_user). */
export function selectControlledInvitations(
  state: State,
  actor: User,
  now: number,
): { readonly emails: readonly EmailInvitation[]; readonly links: readonly InvitationLink[] } {
  const { invitations } = state;
  const emails = isAdministrator(actor)
    ? [...rows(invitations.byEmail)]
    : idsOf(invitations.emailIdsByReferrer, actor.id).flatMap((id) => getRow(invitations.byEmail, id) ?? []);
  const links = isAdministrator(actor)
    ? [...rows(invitations.links)]
    : idsOf(invitations.linkIdsByReferrer, actor.id).flatMap((id) => getRow(invitations.links, id) ?? []);
  return {
    emails: emails.filter((invite) => isLive(invite.expiresAt, now)),
    links: links.filter((invite) => !invite.revoked && isLive(invite.expiresAt, now)),
  };
}

/**
 * Someone else's invitation is reachable only by an administrator (an
 * owner, for one that invites an owner); an unknown id is "No such invitation".
 */
function checkControl(actor: User, invitation: EmailInvitation | InvitationLink): Checked<true> {
  if (invitation.invitedBy === actor.id) return accept(true);
  return checkInvitationRole(actor, invitation.invitedAs, true);
}

/** An e-mail invitation to revoke or resend (expired ones too, as on the real server). */
export function accessEmailInvitation(state: State, actor: User, invitationId: number): Checked<EmailInvitation> {
  const invitation = getRow(state.invitations.byEmail, invitationId);
  if (invitation === undefined) return reject(Errors.noSuchInvitation());
  const control = checkControl(actor, invitation);
  return control.ok ? accept(invitation) : control;
}

/** A reusable link to revoke; a revoked link is kept, and says so. */
export function accessInvitationLink(state: State, actor: User, invitationId: number): Checked<InvitationLink> {
  const invitation = getRow(state.invitations.links, invitationId);
  if (invitation === undefined) return reject(Errors.noSuchInvitation());
  const control = checkControl(actor, invitation);
  if (!control.ok) return control;
  if (invitation.revoked) return reject(Errors.invitationAlreadyRevoked());
  return accept(invitation);
}
