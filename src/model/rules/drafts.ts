/**
 * Drafts (the real server's zerver/lib/drafts.py): each user's own, only
 * while they synchronise drafts; a draft's addressee is checked as the real
 * server's further_validated_draft_dict checks it, and stored as the
 * recipient it resolves to.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Draft, State, User } from '../state.js';
import { getRow, rows } from '../tables/table.js';
import { normalizeContent, truncateTopic } from './addressees.js';
import { accessChannelById } from './channels.js';
import { selectUser } from './users.js';

/** settings.MAX_DRAFTS_IN_REGISTER_RESPONSE. */
export const MAX_DRAFTS_IN_REGISTER = 1000;

/** A draft as the client sends it (DraftData). */
export interface DraftData {
  readonly type: Draft['type'];
  readonly to: readonly number[];
  readonly topic: string;
  readonly content: string;
  readonly timestamp?: number | null | undefined;
}

/** Every draft endpoint refuses users who turned enable_drafts_synchronization off. */
export function checkDraftsSynchronized(user: User): Checked<true> {
  return user.settings.enable_drafts_synchronization ? accept(true) : reject(Errors.draftsSynchronizationDisabled());
}

function byEditTime(a: Draft, b: Draft): number {
  return a.lastEditTime - b.lastEditTime || a.id - b.id;
}

/** GET /drafts: the user's drafts, oldest edit first (the real view orders by last_edit_time). */
export function selectDrafts(state: State, user: User): Draft[] {
  const own = getRow(state.draftsByUser, user.id);
  return own === undefined ? [] : [...rows(own)].sort(byEditTime);
}

/** POST /register: the newest edits first, at most MAX_DRAFTS_IN_REGISTER. */
export function selectRegisterDrafts(state: State, user: User): Draft[] {
  return selectDrafts(state, user).reverse().slice(0, MAX_DRAFTS_IN_REGISTER);
}

/** The user's own draft; anyone else's answers as a missing one. */
export function accessDraft(state: State, user: User, draftId: number): Checked<Draft> {
  const own = getRow(state.draftsByUser, user.id);
  const draft = own === undefined ? undefined : getRow(own, draftId);
  return draft === undefined ? reject(Errors.draftNotFound()) : accept(draft);
}

/**
 * The direct-message recipient's ids as the real server's get_recipient_ids
 * lists them for the user: the other participants, or the user alone in a
 * conversation with themself.
 */
export function directRecipientIdsFor(userId: number, addressed: readonly number[]): number[] {
  const others = [...new Set(addressed)].filter((id) => id !== userId).sort((a, b) => a - b);
  return others.length === 0 ? [userId] : others;
}

/** The draft the data describes (without its id), or the real server's error, in its order of checks. */
export function checkDraftData(state: State, user: User, data: DraftData, now: number): Checked<Omit<Draft, 'id'>> {
  const content = normalizeContent(data.content);
  if (!content.ok) return content;
  const timestamp = Math.round((data.timestamp ?? now) * 1e6) / 1e6;
  if (timestamp < 0) return reject(Errors.negativeTimestamp());
  const draft = { content: content.value, lastEditTime: timestamp };
  if (data.type === 'stream') {
    const topic = truncateTopic(data.topic);
    if (topic.includes('\u0000')) return reject(Errors.topicNullBytes());
    if (data.to.length !== 1) return reject(Errors.draftNeedsOneChannel());
    const channel = accessChannelById(state, user, data.to[0]!, now);
    if (!channel.ok) return channel;
    return accept({ ...draft, type: 'stream', to: [channel.value.id], topic });
  }
  if (data.type === 'private' && data.to.length > 0) {
    for (const id of new Set(data.to)) if (selectUser(state, id) === undefined) return reject(Errors.invalidRecipientId(id));
    return accept({ ...draft, type: 'private', to: directRecipientIdsFor(user.id, data.to), topic: '' });
  }
  // No recipient: the real server stores none, and lists the draft as unaddressed.
  return accept({ ...draft, type: '', to: [], topic: '' });
}
