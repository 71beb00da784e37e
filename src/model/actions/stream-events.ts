/** The stream event shapes that channel, group and user actions all send. */
import type { ApiEvent } from '../events/event.js';
import type { Channel } from '../state.js';

export function streamDeleteEvent(channelIds: readonly number[]): ApiEvent {
  // `streams` is the deprecated form the real server still sends.
  return { type: 'stream', op: 'delete', streams: channelIds.map((id) => ({ stream_id: id })), stream_ids: [...channelIds] };
}

/** stream update: `name` is the channel's name before this change, which clients match it by. */
export function streamUpdateEvent(channel: Channel, property: string, value: unknown, extra: Record<string, unknown> = {}): ApiEvent {
  return { type: 'stream', op: 'update', stream_id: channel.id, name: channel.name, property, value, ...extra };
}
