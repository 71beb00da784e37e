/** Building audiences, and the one rule that decides whether a user is in one. */
import { hearsOfBot } from '../rules/bots.js';
import { type ChannelAccessFields, canAccessChannelMetadata, channelAccessChange } from '../rules/channels.js';
import { isAdministrator, isGuest } from '../rules/roles.js';
import { canAccessUser, canSeeDeliveryEmail } from '../rules/users.js';
import { ascendingIds, includesSorted } from '../sorted-ids.js';
import type { State, User } from '../state.js';
import { getRow } from '../tables/table.js';
import type { Audience, AudienceRule } from './event.js';

export const Audiences = {
  /** These users (deduplicated, in ascending order). */
  users: (ids: Iterable<number>): Audience => ({ kind: 'users', userIds: ascendingIds(ids) }),
  everyone: (): Audience => ({ kind: 'rule', rule: { name: 'everyone' } }),
  whoCanAccessUser: (userId: number): Audience => ({ kind: 'rule', rule: { name: 'can-access-user', userId } }),
  whoCannotAccessUser: (userId: number): Audience => ({ kind: 'rule', rule: { name: 'cannot-access-user', userId } }),
  /** Who can access the user and may (`visible`) or may not see their real address. */
  whoCanAccessUserEmail: (userId: number, visible: boolean): Audience => ({ kind: 'rule', rule: { name: 'can-access-user-email', userId, visible } }),
  whoCanSeeChannel: (channelId: number): Audience => ({ kind: 'rule', rule: { name: 'can-see-channel', channelId } }),
  /** Who hears of a channel's subscriber changes (peer_add / peer_remove), minus the users changed. */
  channelPeers: (channelId: number, except: readonly number[]): Audience => ({
    kind: 'rule',
    rule: { name: 'channel-peers', channelId },
    except: [...except],
  }),
  administrators: (): Audience => ({ kind: 'rule', rule: { name: 'administrators' } }),
  whoAdministersBot: (botId: number): Audience => ({ kind: 'rule', rule: { name: 'bot-administrators', botId } }),
  nonGuests: (): Audience => ({ kind: 'rule', rule: { name: 'non-guests' } }),
  /** Who gained, lost or kept metadata access to a channel when its access fields changed `from` → `to`. */
  channelAccessChange: (channelId: number, from: ChannelAccessFields, to: ChannelAccessFields, change: 'gained' | 'lost' | 'kept'): Audience => ({
    kind: 'rule',
    rule: { name: 'channel-access-change', channelId, from, to, change },
  }),
} as const;

function isSubscriber(state: State, userId: number, channelId: number): boolean {
  const ofChannel = getRow(state.subscriberIdsByChannel, channelId);
  return ofChannel !== undefined && getRow(ofChannel, userId) !== undefined;
}

function ruleHolds(state: State, rule: AudienceRule, user: User, now: number): boolean {
  switch (rule.name) {
    case 'everyone':
      return true;
    case 'administrators':
      return isAdministrator(user);
    case 'can-access-user': {
      const target = getRow(state.users, rule.userId);
      return target !== undefined && canAccessUser(state, user, target);
    }
    case 'cannot-access-user': {
      const target = getRow(state.users, rule.userId);
      return target !== undefined && !canAccessUser(state, user, target);
    }
    case 'can-access-user-email': {
      const target = getRow(state.users, rule.userId);
      return target !== undefined && canAccessUser(state, user, target) && canSeeDeliveryEmail(user, target) === rule.visible;
    }
    case 'can-see-channel': {
      const channel = getRow(state.channels, rule.channelId);
      return channel !== undefined && canAccessChannelMetadata(state, user, channel, now);
    }
    case 'bot-administrators': {
      const bot = getRow(state.users, rule.botId);
      return bot !== undefined && hearsOfBot(state, user, bot);
    }
    case 'non-guests':
      return !isGuest(user);
    case 'channel-access-change': {
      const channel = getRow(state.channels, rule.channelId);
      return channel !== undefined && channelAccessChange(state, user, channel, rule.from, rule.to, now) === rule.change;
    }
    case 'channel-peers': {
      // Public channels: every member and the subscribers; web-public: everyone; private: who may see the subscriber list.
      const channel = getRow(state.channels, rule.channelId);
      if (channel === undefined) return false;
      if (isSubscriber(state, user.id, channel.id)) return true;
      if (channel.isWebPublic) return true;
      if (!channel.inviteOnly) return !isGuest(user);
      return canAccessChannelMetadata(state, user, channel, now);
    }
  }
}

/** Whether `user` receives an event sent to `audience`, judged on the state after the write. */
export function audienceIncludes(state: State, audience: Audience, user: User, now: number): boolean {
  if (audience.kind === 'users') return includesSorted(audience.userIds, user.id);
  if (!user.isActive) return false;
  if (audience.except?.includes(user.id) === true) return false;
  return ruleHolds(state, audience.rule, user, now);
}
