/**
 * Writing invitations (the real server's do_invite_users,
 * do_create_multiuse_invite_link, do_revoke_user_invite,
 * do_revoke_multi_use_invite, do_send_user_invite_email). No e-mail leaves
 * the process: each invitation e-mail lands in the outbox. Every change
 * tells the administrators and the invitation's referrer (invites_changed).
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { emailInvitationUrl } from '../present/invitations.js';
import { isAdministrator } from '../rules/roles.js';
import type { EmailInvitation, InvitationLink, InvitationTerms, State, User } from '../state.js';
import { emptyTable, getRow, type Table, withoutRow, withRow } from '../tables/table.js';

type Writable = { -readonly [K in keyof State]: State[K] };
type Index = Table<number, Table<number, number>>;

function writable(tx: Tx): Writable {
  return tx.draft as unknown as Writable;
}

function withIndexed(index: Index, referrerId: number, id: number, present: boolean): Index {
  const ids: Table<number, number> = getRow(index, referrerId) ?? emptyTable();
  return withRow(index, referrerId, present ? withRow(ids, id, id) : withoutRow(ids, id));
}

function notifyInvitesChanged(tx: Tx, referrer: User | undefined): void {
  tx.emit({ type: 'invites_changed' }, Audiences.administrators());
  if (referrer !== undefined && !isAdministrator(referrer)) tx.emit({ type: 'invites_changed' }, Audiences.users([referrer.id]));
}

/** The invitation e-mail, into the outbox. */
export function sendInvitationEmail(tx: Tx, invitation: EmailInvitation, referrer: User, origin: string): void {
  const state = writable(tx);
  const id = tx.draft.counters.nextEmailId;
  tx.draft.counters.nextEmailId = id + 1;
  const realmName = tx.before.realm.name;
  state.outbox = withRow(state.outbox, id, {
    id,
    to: invitation.email,
    template: 'invitation',
    subject: `${referrer.fullName} has invited you to join ${realmName}`,
    body: [
      `${referrer.fullName} (${referrer.deliveryEmail}) invites you to ${realmName} on Zulip.`,
      '',
      `Accept the invitation here: ${emailInvitationUrl(origin, invitation)}`,
    ].join('\n'),
    sentAt: Math.floor(tx.now),
  });
}

export interface NewEmailInvitation {
  readonly email: string;
  readonly key: string;
}

/** One invitation (and one e-mail) per address, then one invites_changed. */
export function inviteByEmail(
  tx: Tx,
  referrer: User,
  invitees: readonly NewEmailInvitation[],
  terms: InvitationTerms,
  notifyReferrerOnJoin: boolean,
  origin: string,
): void {
  const state = writable(tx);
  for (const invitee of invitees) {
    const id = tx.draft.counters.nextInvitationId;
    tx.draft.counters.nextInvitationId = id + 1;
    const invitation: EmailInvitation = Object.freeze({ ...terms, id, email: invitee.email, key: invitee.key, notifyReferrerOnJoin });
    state.invitations = {
      ...state.invitations,
      byEmail: withRow(state.invitations.byEmail, id, invitation),
      emailIdsByReferrer: withIndexed(state.invitations.emailIdsByReferrer, referrer.id, id, true),
    };
    sendInvitationEmail(tx, invitation, referrer, origin);
  }
  notifyInvitesChanged(tx, referrer);
}

export function createInvitationLink(tx: Tx, referrer: User, key: string, terms: InvitationTerms): InvitationLink {
  const state = writable(tx);
  const id = tx.draft.counters.nextInvitationLinkId;
  tx.draft.counters.nextInvitationLinkId = id + 1;
  const link: InvitationLink = Object.freeze({ ...terms, id, key, revoked: false });
  state.invitations = {
    ...state.invitations,
    links: withRow(state.invitations.links, id, link),
    linkIdsByReferrer: withIndexed(state.invitations.linkIdsByReferrer, referrer.id, id, true),
  };
  notifyInvitesChanged(tx, referrer);
  return link;
}

export function revokeEmailInvitation(tx: Tx, invitation: EmailInvitation): void {
  const state = writable(tx);
  state.invitations = {
    ...state.invitations,
    byEmail: withoutRow(state.invitations.byEmail, invitation.id),
    emailIdsByReferrer: withIndexed(state.invitations.emailIdsByReferrer, invitation.invitedBy, invitation.id, false),
  };
  notifyInvitesChanged(tx, getRow(tx.before.users, invitation.invitedBy));
}

/** The link stops working but is kept, marked revoked. */
export function revokeInvitationLink(tx: Tx, link: InvitationLink): void {
  const state = writable(tx);
  state.invitations = { ...state.invitations, links: withRow(state.invitations.links, link.id, Object.freeze({ ...link, revoked: true })) };
  notifyInvitesChanged(tx, getRow(tx.before.users, link.invitedBy));
}
