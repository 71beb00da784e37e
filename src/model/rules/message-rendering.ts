/**
 * The realm as the renderer sees it for one sender: lookups that already
 * apply the sender's access rules, so a mention of a user the sender may not
 * see, or a link to a channel they may not read, stays literal text.
 */
import { renderMessage } from '../markdown/render.js';
import type { LinkableChannel, MentionableGroup, MentionableUser, RenderContext, RenderedMessage } from '../markdown/types.js';
import type { State, User, UserGroup } from '../state.js';
import { idTreeFirst, walkUp } from '../tables/id-tree.js';
import { topicKey } from '../tables/messages.js';
import { getRow } from '../tables/table.js';
import { canAccessChannelContent, selectChannelByName } from './channels.js';
import { knowsChannelWildcardMention, topicLinksFollowMoves } from './feature-levels.js';
import { selectGroupByName } from './groups.js';
import { canReadChannelHistory, selectUserMessageFlags } from './messages.js';
import { nameKey } from './names.js';
import { customEmojiForRendering } from './realm-emoji.js';
import { canAccessUser } from './users.js';

/** Message.EMPTY_TOPIC_FALLBACK_NAME: how clients show the empty topic, and a name the server reads as it. */
export const EMPTY_TOPIC_DISPLAY_NAME = 'general chat';

function mentionable(user: User): MentionableUser {
  return { id: user.id, fullName: user.fullName, isActive: user.isActive };
}

function mentionableGroup(group: UserGroup): MentionableGroup {
  return { id: group.id, displayName: group.name, isDeactivated: group.deactivated };
}

export function renderContextFor(state: State, sender: User, realmUrl: string, now: number): RenderContext {
  const visible = (user: User | undefined): user is User => user !== undefined && (sender.id === user.id || canAccessUser(state, sender, user));
  return {
    realmUrl,
    emptyTopicName: EMPTY_TOPIC_DISPLAY_NAME,
    translateEmoticons: sender.settings.translate_emoticons,
    linkifiers: state.linkifiers,
    channelWildcard: knowsChannelWildcardMention(state),
    customEmojiByName: (name) => customEmojiForRendering(state, name),
    usersByName(name) {
      const ids = getRow(state.userIdsByName, nameKey(name)) ?? [];
      return ids
        .map((id) => getRow(state.users, id))
        .filter(visible)
        .map(mentionable);
    },
    userById(id) {
      const user = getRow(state.users, id);
      return visible(user) ? mentionable(user) : undefined;
    },
    groupByName(name) {
      const group = selectGroupByName(state, name);
      return group === undefined ? undefined : mentionableGroup(group);
    },
    channelByName(name): LinkableChannel | undefined {
      const channel = selectChannelByName(state, name);
      if (channel === undefined || channel.name !== name || !canAccessChannelContent(state, sender, channel, now)) return undefined;
      return { id: channel.id, name: channel.name };
    },
    firstMessageIdInTopic(channelId, topic) {
      if (!topicLinksFollowMoves(state)) return undefined;
      const channel = getRow(state.channels, channelId);
      const topics = getRow(state.messageIdsByTopic, channelId);
      const ids = topics === undefined ? undefined : getRow(topics, topicKey(topic));
      if (channel === undefined || ids === undefined) return undefined;
      if (canReadChannelHistory(state, sender, channel, now)) return idTreeFirst(ids);
      let first: number | undefined;
      walkUp(ids, 0, (id) => {
        if (selectUserMessageFlags(state, sender.id, id) === undefined) return true;
        first = id;
        return false;
      });
      return first;
    },
  };
}

export function renderMessageFor(state: State, sender: User, content: string, realmUrl: string, now: number): RenderedMessage {
  return renderMessage(content, renderContextFor(state, sender, realmUrl, now));
}
