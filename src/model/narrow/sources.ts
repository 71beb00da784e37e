/**
 * Where a narrowed fetch reads ids from. Each non-negated term that pins the
 * messages to an index offers that index; so do the user's rows, whenever
 * only rows count. Every offered index holds every message the narrow can
 * return, so the query walks the smallest one (cost: what it touches).
 */
import type { State } from '../state.js';
import { emptyIdTree, type IdTree, walkDown, walkUp } from '../tables/id-tree.js';
import { getRow, type Table, walkRowsDown, walkRowsUp } from '../tables/table.js';
import type { ResolvedNarrow, ResolvedTerm } from './terms.js';

/** An ordered set of message ids that can be walked from a point in both directions. */
export interface MessageSource {
  /** What it is, for tests and traces (`topic`, `channel`, `rows`, …). */
  readonly name: string;
  readonly size: number;
  walkUp(from: number, visit: (id: number) => boolean): void;
  walkDown(from: number, visit: (id: number) => boolean): void;
}

function treeSource(name: string, tree: IdTree | undefined): MessageSource {
  const ids = tree ?? emptyIdTree();
  return {
    name,
    size: ids.size,
    walkUp: (from, visit) => walkUp(ids, from, (id) => visit(id)),
    walkDown: (from, visit) => walkDown(ids, from, (id) => visit(id)),
  };
}

function singleSource(id: number): MessageSource {
  return {
    name: 'id',
    size: 1,
    walkUp: (from, visit) => {
      if (id >= from) visit(id);
    },
    walkDown: (from, visit) => {
      if (id <= from) visit(id);
    },
  };
}

/** Every message of the realm; only for `channels:` narrows that read public history. */
function tableSource(messages: Table<number, { readonly id: number }>): MessageSource {
  return {
    name: 'messages',
    size: messages.size,
    walkUp: (from, visit) => walkRowsUp(messages, from, (message) => visit(message.id)),
    walkDown: (from, visit) => walkRowsDown(messages, from, (message) => visit(message.id)),
  };
}

function firstPinning<K extends ResolvedTerm['kind']>(narrow: ResolvedNarrow, kind: K): Extract<ResolvedTerm, { kind: K }> | undefined {
  return narrow.terms.find((term) => term.kind === kind && !term.negated) as Extract<ResolvedTerm, { kind: K }> | undefined;
}

/** The indexes the narrow's own terms offer. */
function termSources(state: State, narrow: ResolvedNarrow): MessageSource[] {
  const sources: MessageSource[] = [];
  const id = firstPinning(narrow, 'id');
  if (id !== undefined) sources.push(singleSource(id.messageId));
  const channel = firstPinning(narrow, 'channel');
  if (channel !== undefined) {
    sources.push(treeSource('channel', getRow(state.messageIdsByChannel, channel.channelId)));
    const topic = firstPinning(narrow, 'topic');
    if (topic !== undefined) {
      const topics = getRow(state.messageIdsByTopic, channel.channelId);
      sources.push(treeSource('topic', topics === undefined ? undefined : getRow(topics, topic.key)));
    }
  }
  const dm = firstPinning(narrow, 'dm');
  if (dm !== undefined)
    sources.push(treeSource('conversation', dm.conversation === null ? undefined : getRow(state.messageIdsByConversation, dm.conversation)));
  const user = narrow.userId;
  for (const term of narrow.terms) {
    if (term.negated) continue;
    if (term.kind === 'dm-including' || term.kind === 'group-pm-with' || (term.kind === 'is' && term.operand === 'dm')) {
      sources.push(treeSource('direct', getRow(state.directMessageIds, user)));
    } else if (term.kind === 'is' && term.operand === 'starred') {
      sources.push(treeSource('starred', getRow(state.starredMessageIds, user)));
    } else if (term.kind === 'is' && term.operand === 'unread') {
      sources.push(treeSource('unread', getRow(state.unreadMessageIds, user)));
    } else if (term.kind === 'is' && term.operand === 'mentioned') {
      sources.push(treeSource('mentioned', getRow(state.mentionedMessageIds, user)));
    }
  }
  return sources;
}

function smallest(sources: readonly MessageSource[]): MessageSource {
  return sources.reduce((best, source) => (source.size < best.size ? source : best));
}

/** The index a narrowed fetch walks: the user's rows when only rows count (the combined feed), else the realm's messages at worst. */
export function rangeSource(state: State, narrow: ResolvedNarrow): MessageSource {
  const fallback = narrow.includeHistory ? tableSource(state.messages) : treeSource('rows', getRow(state.userMessages, narrow.userId));
  return smallest([fallback, ...termSources(state, narrow)]);
}

/** The index the first-unread search walks: rows only, so the user's unread ids are always a candidate. */
export function unreadSource(state: State, narrow: ResolvedNarrow): MessageSource {
  return smallest([treeSource('unread', getRow(state.unreadMessageIds, narrow.userId)), ...termSources(state, narrow)]);
}
