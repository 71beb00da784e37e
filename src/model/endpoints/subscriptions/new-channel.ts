/** The channel record both channel-creating endpoints make (POST /users/me/subscriptions, POST /channels/create). */
import { renderMarkdown } from '../../present/markdown.js';
import { makeChannel } from '../../records.js';
import { historyPublicToSubscribers } from '../../rules/subscriptions.js';
import type { Channel, User } from '../../state.js';

/** The request's privacy settings, under their wire names. */
export interface NewChannelPrivacy {
  readonly invite_only: boolean;
  readonly is_web_public: boolean;
  readonly history_public_to_subscribers?: boolean | undefined;
}

export type NewChannelFields = Pick<Channel, 'id' | 'name' | 'description' | 'messageRetentionDays' | 'topicsPolicy' | 'settings'> &
  Partial<Pick<Channel, 'folderId'>>;

/** A channel `actor` creates at `now`: its description rendered, and its history shared unless a private channel asks otherwise. */
export function newChannel(actor: User, now: number, privacy: NewChannelPrivacy, fields: NewChannelFields): Channel {
  return makeChannel({
    ...fields,
    renderedDescription: renderMarkdown(fields.description),
    dateCreated: Math.floor(now),
    creatorId: actor.id,
    inviteOnly: privacy.invite_only,
    isWebPublic: privacy.is_web_public,
    historyPublicToSubscribers: historyPublicToSubscribers(privacy.invite_only, privacy.history_public_to_subscribers),
  });
}
