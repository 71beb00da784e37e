/**
 * The client-side appliers for what a user keeps for later: `drafts`,
 * `scheduled_messages`, `reminders` and `navigation_view` events applied to
 * the register keys they keep up to date (the real server's apply_event
 * does the same; ordering as register lists them).
 */
import type { RegisterState, StateEvent } from './apply-event.js';

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function listAt(state: RegisterState, key: string): Row[] | undefined {
  const list = state[key];
  return Array.isArray(list) ? (list as Row[]) : undefined;
}

/** Adds or replaces rows by their id key, removes one, then sorts as register does. */
function upsert(state: RegisterState, key: string, idKey: string, rows: readonly unknown[], order: (a: Row, b: Row) => number): void {
  const list = listAt(state, key);
  if (list === undefined) return;
  for (const row of rows) {
    if (!isRow(row)) continue;
    const at = list.findIndex((other) => other[idKey] === row[idKey]);
    if (at === -1) list.push(structuredClone(row));
    else list[at] = structuredClone(row);
  }
  list.sort(order);
}

function remove(state: RegisterState, key: string, idKey: string, id: unknown): void {
  const list = listAt(state, key);
  if (list !== undefined) state[key] = list.filter((row) => row[idKey] !== id);
}

/** Newest edit first (register lists drafts by last edit, descending). */
const byNewestEdit = (a: Row, b: Row): number => Number(b['timestamp']) - Number(a['timestamp']) || Number(b['id']) - Number(a['id']);
const bySoonest =
  (idKey: string) =>
  (a: Row, b: Row): number =>
    Number(a['scheduled_delivery_timestamp']) - Number(b['scheduled_delivery_timestamp']) || Number(a[idKey]) - Number(b[idKey]);

export function applyDrafts(state: RegisterState, event: StateEvent): void {
  if (event['op'] === 'add') upsert(state, 'drafts', 'id', event['drafts'] ?? [], byNewestEdit);
  else if (event['op'] === 'update') upsert(state, 'drafts', 'id', [event['draft']], byNewestEdit);
  else if (event['op'] === 'remove') remove(state, 'drafts', 'id', event['draft_id']);
}

export function applyScheduledMessages(state: RegisterState, event: StateEvent): void {
  const order = bySoonest('scheduled_message_id');
  if (event['op'] === 'add') upsert(state, 'scheduled_messages', 'scheduled_message_id', event['scheduled_messages'] ?? [], order);
  else if (event['op'] === 'update') upsert(state, 'scheduled_messages', 'scheduled_message_id', [event['scheduled_message']], order);
  else if (event['op'] === 'remove') remove(state, 'scheduled_messages', 'scheduled_message_id', event['scheduled_message_id']);
}

export function applyReminders(state: RegisterState, event: StateEvent): void {
  if (event['op'] === 'add') upsert(state, 'reminders', 'reminder_id', event['reminders'] ?? [], bySoonest('reminder_id'));
  else if (event['op'] === 'remove') remove(state, 'reminders', 'reminder_id', event['reminder_id']);
}

/** Views keep the order they were added in. */
export function applyNavigationView(state: RegisterState, event: StateEvent): void {
  const views = listAt(state, 'navigation_views');
  if (views === undefined) return;
  if (event['op'] === 'add' && isRow(event['navigation_view'])) views.push(structuredClone(event['navigation_view']));
  else if (event['op'] === 'update') {
    const view = views.find((candidate) => candidate['fragment'] === event['fragment']);
    if (view !== undefined && isRow(event['data'])) Object.assign(view, structuredClone(event['data']));
  } else if (event['op'] === 'remove') remove(state, 'navigation_views', 'fragment', event['fragment']);
}
