/**
 * The register keys message events change, as the real server's
 * apply_event keeps them (zerver/lib/events.py: message, delete_message,
 * update_message, update_message_flags): max_message_id, unread_msgs,
 * starred_messages, recent_private_conversations and the channels'
 * first_message_id. The real applier works on intermediate forms
 * (raw_unread_msgs, raw_recent_private_conversations); this one works on
 * the aggregated lists register answers and puts them back in register's
 * order at the end of a batch (`finishMessages`).
 *
 * Where the real applier asks its database (a deletion of the newest
 * message, or of a conversation's newest), the value is unknown to a
 * client (`unknownValue`). Where it knowingly differs from the real
 * function, it says so.
 */
import { isUnknownValue, type RegisterState, type StateEvent, unknownValue } from './apply-event.js';

type Dict = Record<string, any>;

const MENTION_FLAGS = ['mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned'];

function isObject(value: unknown): value is Dict {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function ascending(ids: Iterable<number>): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Where an unread message is listed: a channel's topic, a one-to-one conversation, or a group conversation. */
type UnreadPlace =
  | { readonly kind: 'stream'; readonly streamId: number; readonly topic: string }
  | { readonly kind: 'pm'; readonly otherUserId: number }
  | { readonly kind: 'huddle'; readonly userIds: string };

/** The place of a direct message among the unreads, from all its participants (the user included). */
function directPlace(participants: readonly number[], myId: unknown): UnreadPlace {
  const ids = ascending(participants);
  if (ids.length <= 2) return { kind: 'pm', otherUserId: ids.find((id) => id !== myId) ?? Number(myId) };
  return { kind: 'huddle', userIds: ids.join(',') };
}

class Unreads {
  constructor(private readonly unread: Dict) {}

  private lists(): Dict[][] {
    return ['pms', 'streams', 'huddles'].map((key) => (Array.isArray(this.unread[key]) ? this.unread[key] : (this.unread[key] = [])));
  }

  /** The message's place and whether it counted as a mention, if it is listed. */
  find(id: number): { place: UnreadPlace; mentioned: boolean } | undefined {
    const [pms, streams, huddles] = this.lists();
    const mentioned = Array.isArray(this.unread['mentions']) && this.unread['mentions'].includes(id);
    for (const entry of streams!)
      if (entry['unread_message_ids'].includes(id)) return { place: { kind: 'stream', streamId: entry['stream_id'], topic: entry['topic'] }, mentioned };
    for (const entry of pms!) if (entry['unread_message_ids'].includes(id)) return { place: { kind: 'pm', otherUserId: entry['other_user_id'] }, mentioned };
    for (const entry of huddles!)
      if (entry['unread_message_ids'].includes(id)) return { place: { kind: 'huddle', userIds: entry['user_ids_string'] }, mentioned };
    return undefined;
  }

  add(id: number, place: UnreadPlace, mentioned: boolean): void {
    const [pms, streams, huddles] = this.lists();
    let entry: Dict | undefined;
    if (place.kind === 'stream') {
      entry = streams!.find((item) => item['stream_id'] === place.streamId && item['topic'] === place.topic);
      if (entry === undefined) streams!.push((entry = { stream_id: place.streamId, topic: place.topic, unread_message_ids: [] }));
    } else if (place.kind === 'pm') {
      entry = pms!.find((item) => item['other_user_id'] === place.otherUserId);
      if (entry === undefined) pms!.push((entry = { other_user_id: place.otherUserId, sender_id: place.otherUserId, unread_message_ids: [] }));
    } else {
      entry = huddles!.find((item) => item['user_ids_string'] === place.userIds);
      if (entry === undefined) huddles!.push((entry = { user_ids_string: place.userIds, unread_message_ids: [] }));
    }
    if (!entry['unread_message_ids'].includes(id)) entry['unread_message_ids'].push(id);
    if (mentioned) {
      const mentions: number[] = Array.isArray(this.unread['mentions']) ? this.unread['mentions'] : (this.unread['mentions'] = []);
      if (!mentions.includes(id)) mentions.push(id);
    }
  }

  remove(ids: readonly number[]): void {
    const gone = new Set(ids);
    for (const list of this.lists()) for (const entry of list) entry['unread_message_ids'] = entry['unread_message_ids'].filter((id: number) => !gone.has(id));
    if (Array.isArray(this.unread['mentions'])) this.unread['mentions'] = this.unread['mentions'].filter((id: number) => !gone.has(id));
  }

  /** Register's form: no empty entry, ids ascending, entries in the order of their oldest unread message, the count of them all. */
  settle(): void {
    let count = 0;
    for (const key of ['pms', 'streams', 'huddles']) {
      const list = (this.unread[key] as Dict[]).filter((entry) => entry['unread_message_ids'].length > 0);
      for (const entry of list) {
        entry['unread_message_ids'] = ascending(entry['unread_message_ids']);
        count += entry['unread_message_ids'].length;
      }
      list.sort((a, b) => a['unread_message_ids'][0] - b['unread_message_ids'][0]);
      this.unread[key] = list;
    }
    if (Array.isArray(this.unread['mentions'])) this.unread['mentions'] = ascending(this.unread['mentions']);
    this.unread['count'] = count;
  }
}

function unreadsOf(s: RegisterState): Unreads | undefined {
  return isObject(s['unread_msgs']) && !isUnknownValue(s['unread_msgs']) ? new Unreads(s['unread_msgs']) : undefined;
}

function participantIds(message: Dict): number[] {
  return Array.isArray(message['display_recipient']) ? message['display_recipient'].map((user: Dict) => Number(user['id'])) : [];
}

/** A message event: the newest id, the unreads, the recent conversations, and the channel's first message. */
export function applyMessage(s: RegisterState, event: StateEvent, myId: unknown): void {
  const message = event['message'];
  if (!isObject(message)) return;
  const id = Number(message['id']);
  const flags: string[] = Array.isArray(event['flags']) ? event['flags'] : [];
  if (typeof s['max_message_id'] === 'number') s['max_message_id'] = Math.max(s['max_message_id'], id);
  const unreads = unreadsOf(s);
  if (unreads !== undefined && !flags.includes('read')) {
    const place: UnreadPlace =
      message['type'] === 'stream'
        ? { kind: 'stream', streamId: Number(message['stream_id']), topic: String(message['subject']) }
        : directPlace(participantIds(message), myId);
    unreads.add(
      id,
      place,
      flags.some((flag) => MENTION_FLAGS.includes(flag)),
    );
  }
  if (message['type'] !== 'stream') {
    const recent = s['recent_private_conversations'];
    if (!Array.isArray(recent)) return;
    const others = ascending(participantIds(message).filter((userId) => userId !== myId));
    const entry = recent.find((item: Dict) => JSON.stringify(item['user_ids']) === JSON.stringify(others));
    if (entry === undefined) recent.push({ max_message_id: id, user_ids: others });
    else entry['max_message_id'] = id;
    return;
  }
  for (const key of ['subscriptions', 'streams']) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    for (const channel of list) if (channel['stream_id'] === message['stream_id'] && channel['first_message_id'] === null) channel['first_message_id'] = id;
  }
}

function deletedIds(event: StateEvent): number[] {
  return Array.isArray(event['message_ids']) ? event['message_ids'].map(Number) : [Number(event['message_id'])];
}

/** delete_message: the ids leave the unreads and the starred list; a deleted newest id is unknown (the real applier reads its database). */
export function applyDeleteMessage(s: RegisterState, event: StateEvent): void {
  const ids = deletedIds(event);
  if (typeof s['max_message_id'] === 'number' && ids.includes(s['max_message_id']))
    s['max_message_id'] = unknownValue('the newest message after the newest was deleted (the real applier reads its database)');
  unreadsOf(s)?.remove(ids);
  // The real applier leaves starred_messages as it was; register no longer lists a deleted message.
  if (Array.isArray(s['starred_messages'])) s['starred_messages'] = s['starred_messages'].filter((id: number) => !ids.includes(id));
  const recent = s['recent_private_conversations'];
  if (event['message_type'] === 'private' && Array.isArray(recent) && recent.some((entry: Dict) => ids.includes(entry['max_message_id'])))
    s['recent_private_conversations'] = unknownValue("a conversation's newest message after it was deleted (the real applier reads its database)");
}

/** update_message: moved messages keep their unread entries under their new channel and topic. */
export function applyUpdateMessage(s: RegisterState, event: StateEvent): void {
  const unreads = unreadsOf(s);
  if (unreads === undefined || !Array.isArray(event['message_ids'])) return;
  if (!('new_stream_id' in event) && !('subject' in event)) return;
  for (const id of event['message_ids'].map(Number)) {
    const found = unreads.find(id);
    if (found === undefined || found.place.kind !== 'stream') continue;
    unreads.remove([id]);
    const streamId = 'new_stream_id' in event ? Number(event['new_stream_id']) : found.place.streamId;
    const topic = 'subject' in event ? String(event['subject']) : found.place.topic;
    unreads.add(id, { kind: 'stream', streamId, topic }, found.mentioned);
  }
}

/** update_message_flags: read changes the unreads (mark-unread carries where each message goes), starred the starred list. */
export function applyMessageFlags(s: RegisterState, event: StateEvent, myId: unknown): void {
  const ids: number[] = Array.isArray(event['messages']) ? event['messages'].map(Number) : [];
  if (event['flag'] === 'read') {
    const unreads = unreadsOf(s);
    if (unreads === undefined) return;
    if (event['op'] === 'add') unreads.remove(ids);
    else if (isObject(event['message_details'])) {
      for (const [key, details] of Object.entries(event['message_details'] as Record<string, Dict>)) {
        const place: UnreadPlace =
          details['type'] === 'stream'
            ? { kind: 'stream', streamId: Number(details['stream_id']), topic: String(details['topic']) }
            : directPlace([...(details['user_ids'] as number[]), Number(myId)], myId);
        unreads.add(Number(key), place, details['mentioned'] === true);
      }
    }
    return;
  }
  if (event['flag'] === 'starred' && Array.isArray(s['starred_messages'])) {
    if (event['op'] === 'add') s['starred_messages'] = [...s['starred_messages'], ...ids];
    else s['starred_messages'] = s['starred_messages'].filter((id: number) => !ids.includes(id));
  }
}

/**
 * After a batch: the message keys in register's order (the real applier
 * appends starred ids as they come and sorts recent conversations only in
 * post-processing), and first_message_id unknown for channels the user is
 * not subscribed to (no event tells them of a message sent or deleted there).
 */
export function finishMessages(s: RegisterState): void {
  unreadsOf(s)?.settle();
  if (Array.isArray(s['starred_messages'])) s['starred_messages'] = ascending(s['starred_messages']);
  if (Array.isArray(s['recent_private_conversations']))
    s['recent_private_conversations'].sort((a: Dict, b: Dict) => Number(b['max_message_id']) - Number(a['max_message_id']));
  const subscribed = new Set(Array.isArray(s['subscriptions']) ? s['subscriptions'].map((channel: Dict) => channel['stream_id']) : []);
  for (const key of ['unsubscribed', 'never_subscribed', 'streams']) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    for (const channel of list) {
      if (isObject(channel) && 'first_message_id' in channel && !subscribed.has(channel['stream_id']))
        channel['first_message_id'] = unknownValue(
          'the first message of a channel the user is not subscribed to (neither a message nor a deletion there reaches them)',
        );
    }
  }
}
