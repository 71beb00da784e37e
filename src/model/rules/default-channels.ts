/** Default channels (the channels new users join): which channel may become one. */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { Channel, State, User } from '../state.js';
import { canAccessChannelContent, canAccessChannelMetadata, selectChannel } from './channels.js';

/**
 * POST /default_streams: an active channel whose content the caller can
 * reach (else it looks missing), and not a private one.
 */
export function accessChannelToMakeDefault(state: State, actor: User, channelId: number, now: number): Checked<Channel> {
  const channel = selectChannel(state, channelId);
  if (channel === undefined || channel.isArchived || !canAccessChannelContent(state, actor, channel, now)) return reject(Errors.invalidChannelId());
  if (channel.inviteOnly) return reject(Errors.privateChannelCannotBeDefault());
  return accept(channel);
}

/** DELETE /default_streams: an active channel the caller may know of (no content access needed). */
export function accessChannelToUndefault(state: State, actor: User, channelId: number, now: number): Checked<Channel> {
  const channel = selectChannel(state, channelId);
  if (channel === undefined || channel.isArchived || !canAccessChannelMetadata(state, actor, channel, now)) return reject(Errors.invalidChannelId());
  return accept(channel);
}
