/**
 * Scheduled messages and reminders: the rows, each sender's ids, and the
 * index of pending ones by delivery time. A write copies the paths to one
 * row and one index entry, so scheduling costs the same in any realm, and
 * the delivery finds what is due by reading the earliest time.
 */
import type { Draft } from 'immer';
import type { ScheduledMessage, ScheduledMessageTables, State, WritableState } from '../state.js';
import { emptyIdTree, idTreeFirst, idTreeWith, idTreeWithout, walkUp } from './id-tree.js';
import { getRow, withoutRow, withRow } from './table.js';

function timeKey(deliverAt: number): string {
  return String(deliverAt);
}

function withoutDue(tables: ScheduledMessageTables, message: ScheduledMessage): ScheduledMessageTables {
  const key = timeKey(message.deliverAt);
  const ids = getRow(tables.dueIdsByTime, key);
  if (ids === undefined || !ids.includes(message.id)) return tables;
  const rest = ids.filter((id) => id !== message.id);
  return rest.length === 0
    ? { ...tables, dueIdsByTime: withoutRow(tables.dueIdsByTime, key), dueTimes: idTreeWithout(tables.dueTimes, message.deliverAt) }
    : { ...tables, dueIdsByTime: withRow(tables.dueIdsByTime, key, Object.freeze(rest)) };
}

function withDue(tables: ScheduledMessageTables, message: ScheduledMessage): ScheduledMessageTables {
  const key = timeKey(message.deliverAt);
  const ids = getRow(tables.dueIdsByTime, key) ?? [];
  return {
    ...tables,
    dueIdsByTime: withRow(tables.dueIdsByTime, key, Object.freeze([...ids, message.id].sort((a, b) => a - b))),
    dueTimes: idTreeWith(tables.dueTimes, message.deliverAt),
  };
}

/** Inserts or replaces a row, keeping the sender's ids and the due index (only pending rows are due). */
export function putScheduledMessageMutably(draft: Draft<State> | WritableState, message: ScheduledMessage): void {
  const state = draft as WritableState;
  let tables = state.scheduledMessages;
  const before = getRow(tables.byId, message.id);
  if (before !== undefined && before.status === 'pending') tables = withoutDue(tables, before);
  if (message.status === 'pending') tables = withDue(tables, message);
  const own = getRow(tables.idsBySender, message.senderId) ?? emptyIdTree();
  state.scheduledMessages = {
    ...tables,
    byId: withRow(tables.byId, message.id, Object.freeze(message)),
    idsBySender: withRow(tables.idsBySender, message.senderId, idTreeWith(own, message.id)),
  };
}

export function deleteScheduledMessageMutably(draft: Draft<State> | WritableState, message: ScheduledMessage): void {
  const state = draft as WritableState;
  let tables = state.scheduledMessages;
  const before = getRow(tables.byId, message.id);
  if (before === undefined) return;
  if (before.status === 'pending') tables = withoutDue(tables, before);
  const own = idTreeWithout(getRow(tables.idsBySender, message.senderId) ?? emptyIdTree(), message.id);
  state.scheduledMessages = {
    ...tables,
    byId: withoutRow(tables.byId, message.id),
    idsBySender: own.size === 0 ? withoutRow(tables.idsBySender, message.senderId) : withRow(tables.idsBySender, message.senderId, own),
  };
}

/** The earliest delivery time with pending messages, if any. */
export function selectEarliestDueTime(tables: ScheduledMessageTables): number | undefined {
  return idTreeFirst(tables.dueTimes);
}

/** The pending messages due at exactly `deliverAt`, by id. */
export function selectDueAt(tables: ScheduledMessageTables, deliverAt: number): ScheduledMessage[] {
  const ids = getRow(tables.dueIdsByTime, timeKey(deliverAt)) ?? [];
  return ids.map((id) => getRow(tables.byId, id)).filter((message): message is ScheduledMessage => message !== undefined);
}

/** The sender's rows of one kind (cost: the sender's own rows). */
export function selectSenderScheduledMessages(tables: ScheduledMessageTables, senderId: number, kind: ScheduledMessage['kind']): ScheduledMessage[] {
  const own = getRow(tables.idsBySender, senderId);
  const found: ScheduledMessage[] = [];
  if (own === undefined) return found;
  walkUp(own, 0, (id) => {
    const message = getRow(tables.byId, id);
    if (message !== undefined && message.kind === kind) found.push(message);
    return true;
  });
  return found;
}
