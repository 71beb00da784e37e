/**
 * Test support: puts channels and subscriptions straight into a model's
 * state, the way the subscribe endpoint would leave them, so the channel
 * endpoints can be tested on their own.
 */
import { produce } from 'immer';
import type { Model } from '../../../in-process.js';
import { makeChannel, makeSubscription, SUBSCRIPTION_COLORS } from '../../records.js';
import { CHANNEL_GROUP_SETTING_NAMES, CHANNEL_GROUP_SETTINGS } from '../../rules/channel-group-settings.js';
import { defaultGroupSetting } from '../../rules/group-settings.js';
import type { Channel, ChannelGroupSettingName, GroupSettingValue, State } from '../../state.js';
import { putChannelMutably, putSubscriptionMutably } from '../../tables/channels.js';

export interface ChannelSeed {
  readonly name: string;
  readonly creatorId?: number;
  readonly inviteOnly?: boolean;
  readonly isWebPublic?: boolean;
  readonly historyPublicToSubscribers?: boolean;
  readonly isArchived?: boolean;
  readonly isDefault?: boolean;
  readonly description?: string;
  readonly subscribers?: readonly number[];
  readonly settings?: Partial<Record<ChannelGroupSettingName, GroupSettingValue>>;
}

function defaultSettings(state: State, creatorId: number): Channel['settings'] {
  const settings = {} as Record<ChannelGroupSettingName, GroupSettingValue>;
  for (const name of CHANNEL_GROUP_SETTING_NAMES) settings[name] = defaultGroupSetting(state, CHANNEL_GROUP_SETTINGS[name], creatorId);
  return settings;
}

/** Adds the channels to the model's state and returns their ids, in order. */
export function seedChannels(model: Model, seeds: readonly ChannelSeed[], dateCreated = 1_700_000_000): number[] {
  const ids: number[] = [];
  const next = produce(model.state, (draft) => {
    for (const seed of seeds) {
      const id = draft.counters.nextChannelId;
      draft.counters.nextChannelId = id + 1;
      const creatorId = seed.creatorId ?? 1;
      const channel = makeChannel({
        id,
        name: seed.name,
        dateCreated,
        creatorId,
        inviteOnly: seed.inviteOnly ?? false,
        isWebPublic: seed.isWebPublic ?? false,
        historyPublicToSubscribers: seed.historyPublicToSubscribers ?? !(seed.inviteOnly ?? false),
        isArchived: seed.isArchived ?? false,
        description: seed.description ?? '',
        renderedDescription: seed.description === undefined ? '' : `<p>${seed.description}</p>`,
        settings: { ...defaultSettings(draft as State, creatorId), ...seed.settings },
      });
      putChannelMutably(draft, channel);
      for (const userId of seed.subscribers ?? []) {
        putSubscriptionMutably(draft, makeSubscription({ userId, channelId: id, color: SUBSCRIPTION_COLORS[0] }));
      }
      if (seed.isDefault === true) draft.defaultChannelIds.push(id);
      ids.push(id);
    }
  });
  model.reset(next);
  return ids;
}
