import { describe, expect, it } from 'vitest';
import type { QueueSpec } from '../model/events/event.js';
import { EventQueue } from './event-queue.js';

const SPEC: QueueSpec = {
  queueId: 'q',
  userId: 1,
  eventTypes: null,
  narrow: [],
  allPublicStreams: false,
  applyMarkdown: false,
  clientGravatar: true,
  slimPresence: false,
  capabilities: new Set(),
  lifespanSecs: 600,
};

const flags = (op: string, flag: string, messages: number[]) => ({ type: 'update_message_flags', op, operation: op, flag, messages, all: false });

describe('EventQueue', () => {
  it('merges flag events per (op, flag), keeping the newest id', () => {
    const queue = new EventQueue(SPEC, 0);
    queue.push(flags('add', 'starred', [1]));
    queue.push({ type: 'heartbeat' });
    queue.push(flags('add', 'starred', [2]));
    queue.push(flags('remove', 'read', [3]));
    queue.push(flags('remove', 'read', [4]));
    expect(queue.contents().map((event) => [event.id, event['messages'] ?? null])).toEqual([
      [1, null],
      [2, [1, 2]],
      [3, [3]],
      [4, [4]],
    ]);
  });

  it('makes an absorbed id unknown to acknowledgement', () => {
    const queue = new EventQueue(SPEC, 0);
    queue.push(flags('add', 'read', [1]));
    queue.push(flags('add', 'read', [2]));
    queue.prune(0);
    expect(queue.newestPrunedId).toBe(-1);
    queue.prune(1);
    expect(queue.newestPrunedId).toBe(1);
    expect(queue.size).toBe(0);
  });
});
