/**
 * The access the real server's access_stream_by_id checks by default: an
 * active channel whose content the user may read. A channel that fails it
 * answers exactly like a missing one, "Invalid channel ID".
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, State, User } from '../state.js';
import { canAccessChannelContent, selectChannel } from './channels.js';

export function accessChannelContentById(
  state: State,
  user: User,
  channelId: number,
  now: number,
  options: { allowArchived?: boolean } = {},
): Checked<Channel> {
  const channel = selectChannel(state, channelId);
  if (channel === undefined || (channel.isArchived && options.allowArchived !== true) || !canAccessChannelContent(state, user, channel, now)) {
    return reject(Errors.invalidChannelId());
  }
  return accept(channel);
}
