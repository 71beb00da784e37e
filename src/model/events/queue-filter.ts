/** Which emissions a queue accepts (the real server's accepts_event), as a pure rule. */
import type { Emission, QueueSpec } from './event.js';

export function queueAccepts(queue: QueueSpec, emission: Emission): boolean {
  const { event, capability } = emission;
  if (capability !== undefined && queue.capabilities.has(capability.name) !== capability.has) return false;
  // Heartbeats keep a long-poll alive whatever the queue asked for.
  if (event.type === 'heartbeat') return true;
  if (queue.eventTypes !== null && !queue.eventTypes.has(event.type)) return false;
  if (event.type === 'typing' && event['message_type'] === 'stream' && !queue.capabilities.has('stream_typing_notifications')) return false;
  return true;
}
