/**
 * peer_add / peer_remove, batched as the real server's
 * send_peer_subscriber_events batches them: subscribing, unsubscribing, a
 * new user's default channels and a deactivated user's channels all tell
 * the channels' followers through here.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { selectSubscriberIds } from '../present/subscription.js';
import { isGuest } from '../rules/roles.js';
import { ascendingIds } from '../sorted-ids.js';
import type { State } from '../state.js';
import { getRow } from '../tables/table.js';

function hasGuestSubscriber(state: State, channelId: number): boolean {
  return selectSubscriberIds(state, channelId).some((userId) => isGuest(getRow(state.users, userId)!));
}

/**
 * peer_add / peer_remove to whoever follows each channel's subscribers,
 * minus the users changed; `state` is the one the write leaves. Private
 * channels come first, one event each; then, per set of changed users,
 * public channels with guest subscribers one by one, and web-public
 * channels and the other public ones (whose followers are the same) in one
 * event each.
 */
export function announcePeers(tx: Tx, op: 'peer_add' | 'peer_remove', state: State, changedByChannel: ReadonlyMap<number, readonly number[]>): void {
  const emit = (channelIds: readonly number[], userIds: readonly number[]) =>
    tx.emit({ type: 'subscription', op, stream_ids: ascendingIds(channelIds), user_ids: [...userIds] }, Audiences.channelPeers(channelIds[0]!, userIds));
  const publicBatches = new Map<string, { userIds: readonly number[]; alone: number[]; webPublic: number[]; withoutGuests: number[] }>();
  for (const [channelId, changed] of changedByChannel) {
    const userIds = ascendingIds(changed);
    const channel = getRow(state.channels, channelId)!;
    if (channel.inviteOnly) {
      emit([channelId], userIds);
      continue;
    }
    const key = userIds.join(',');
    const batch = publicBatches.get(key) ?? { userIds, alone: [], webPublic: [], withoutGuests: [] };
    publicBatches.set(key, batch);
    if (channel.isWebPublic) batch.webPublic.push(channelId);
    else if (hasGuestSubscriber(state, channelId)) batch.alone.push(channelId);
    else batch.withoutGuests.push(channelId);
  }
  for (const batch of publicBatches.values()) {
    for (const channelId of batch.alone) emit([channelId], batch.userIds);
    if (batch.webPublic.length > 0) emit(batch.webPublic, batch.userIds);
    if (batch.withoutGuests.length > 0) emit(batch.withoutGuests, batch.userIds);
  }
}
