/**
 * Adding and removing default channels (the real server's do_add_default_stream
 * and do_remove_default_stream): the whole list goes to every non-guest in a
 * default_streams event. Adding a channel that already is one changes and sends nothing.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import type { Channel } from '../state.js';

function setDefaultChannels(tx: Tx, channelIds: readonly number[]): void {
  tx.draft.defaultChannelIds = [...channelIds];
  tx.emit({ type: 'default_streams', default_streams: [...channelIds] }, Audiences.nonGuests());
}

export function addDefaultChannel(tx: Tx, channel: Channel): void {
  if (tx.before.defaultChannelIds.includes(channel.id)) return;
  setDefaultChannels(tx, [...tx.before.defaultChannelIds, channel.id]);
}

/** Sends the list even when the channel was not a default one, as the real server does. */
export function removeDefaultChannel(tx: Tx, channel: Channel): void {
  setDefaultChannels(
    tx,
    tx.before.defaultChannelIds.filter((id) => id !== channel.id),
  );
}
