/**
 * One client's event queue (the real server's EventQueue): per-queue ids from
 * 0, acknowledgement by pruning, and the coalescing of flag events.
 */
import type { ApiEvent, QueueSpec } from '../model/events/event.js';

export type QueuedEvent = Readonly<Record<string, unknown>> & { readonly id: number; readonly type: string };

/** A held GET /events: answered by the store with the queue's contents. */
export interface Waiter {
  readonly reply: (events: readonly QueuedEvent[]) => void;
  /** Store-clock seconds at which a heartbeat is due. */
  readonly heartbeatAt: number;
}

/** Flag events that the real server merges per (op, flag): all but mark-all and marking unread. */
function mergeKey(event: ApiEvent): string | null {
  if (event.type !== 'update_message_flags' || event['all'] === true) return null;
  if (event['op'] === 'remove' && event['flag'] === 'read') return null;
  return `${String(event['op'])}:${String(event['flag'])}`;
}

export class EventQueue {
  private queued: QueuedEvent[] = [];
  /** Merged flag events, placed among the others by id when the queue is read. */
  private merged = new Map<string, QueuedEvent>();
  private nextId = 0;
  newestPrunedId = -1;
  waiter: Waiter | null = null;

  constructor(
    readonly spec: QueueSpec,
    /** Store-clock seconds of creation or of the last request that waited. */
    public lastConnectionTime: number,
  ) {}

  get id(): string {
    return this.spec.queueId;
  }

  get size(): number {
    return this.queued.length + this.merged.size;
  }

  push(event: ApiEvent): void {
    const id = this.nextId++;
    const key = mergeKey(event);
    const earlier = key === null ? undefined : this.merged.get(key);
    if (key === null) {
      this.queued.push({ ...event, id });
    } else if (earlier === undefined) {
      this.merged.set(key, { ...event, messages: [...(event['messages'] as number[])], id });
    } else {
      const messages = [...(earlier['messages'] as number[]), ...(event['messages'] as number[])];
      const timestamp = event['timestamp'] === undefined ? {} : { timestamp: event['timestamp'] };
      this.merged.set(key, { ...earlier, ...timestamp, messages, id });
    }
  }

  /** Every unacknowledged event, in id order. */
  contents(): readonly QueuedEvent[] {
    this.settleMerged();
    return this.queued.slice();
  }

  /** Drops the events with id ≤ `throughId`. */
  prune(throughId: number): void {
    this.settleMerged();
    let count = 0;
    while (count < this.queued.length && this.queued[count]!.id <= throughId) {
      this.newestPrunedId = this.queued[count]!.id;
      count++;
    }
    if (count > 0) this.queued = this.queued.slice(count);
  }

  expired(now: number): boolean {
    return this.waiter === null && now - this.lastConnectionTime >= this.spec.lifespanSecs;
  }

  private settleMerged(): void {
    if (this.merged.size === 0) return;
    this.queued = [...this.queued, ...this.merged.values()].sort((a, b) => a.id - b.id);
    this.merged.clear();
  }
}
