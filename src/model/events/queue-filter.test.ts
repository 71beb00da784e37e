import { describe, expect, it } from 'vitest';
import { Audiences } from './audience.js';
import type { ApiEvent, Capability, QueueSpec } from './event.js';
import { eventForQueue } from './queue-filter.js';

function queue(capabilities: readonly Capability[]): QueueSpec {
  return {
    queueId: 'q',
    userId: 1,
    eventTypes: null,
    narrow: [],
    allPublicStreams: false,
    applyMarkdown: true,
    clientGravatar: false,
    slimPresence: false,
    capabilities: new Set(capabilities),
    lifespanSecs: 600,
  };
}

const deliver = (event: ApiEvent, capabilities: readonly Capability[] = []) => eventForQueue(queue(capabilities), { event, audience: Audiences.users([1]) });

describe('the empty topic in events other than message (reference server-events §1.3)', () => {
  it('reads as "general chat" without empty_topic_name, and as "" with it', () => {
    const moved = { type: 'update_message', message_id: 1, orig_subject: '', subject: 'new' };
    expect(deliver(moved)).toEqual({ ...moved, orig_subject: 'general chat' });
    expect(deliver(moved, ['empty_topic_name'])).toEqual(moved);
    const deleted = { type: 'delete_message', message_type: 'stream', stream_id: 3, topic: '', message_ids: [1] };
    expect(deliver(deleted, ['bulk_message_deletion'])).toEqual({ ...deleted, topic: 'general chat' });
    const typing = { type: 'typing', op: 'start', message_type: 'stream', stream_id: 3, topic: '' };
    expect(deliver(typing, ['stream_typing_notifications'])).toEqual({ ...typing, topic: 'general chat' });
    const unread = {
      type: 'update_message_flags',
      op: 'remove',
      flag: 'read',
      messages: [1],
      message_details: { '1': { type: 'stream', stream_id: 3, topic: '' } },
    };
    expect(deliver(unread)).toEqual({ ...unread, message_details: { '1': { type: 'stream', stream_id: 3, topic: 'general chat' } } });
  });

  it('leaves named topics and events without topics as they are (the same object)', () => {
    const renamed = { type: 'update_message', message_id: 1, orig_subject: 'a', subject: 'b' };
    expect(deliver(renamed)).toBe(renamed);
    const reaction = { type: 'reaction', op: 'add', message_id: 1 };
    expect(deliver(reaction)).toBe(reaction);
  });
});
