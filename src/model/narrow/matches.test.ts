import { describe, expect, it } from 'vitest';
import { matchNarrowFields } from './matches.js';
import { parseNarrow } from './parse.js';
import { resolveNarrow } from './resolve.js';
import { baseState, C, NOW, U, userOf, withMessages } from './test-support.js';
import { renameEmptyTopicFallback } from './with.js';

const { state, ids } = withMessages(baseState(), [
  { sender: U.iago, channel: C.denmark, topic: 'Castle & <walls>', content: 'the ghost walks' },
  { sender: U.iago, channel: C.denmark, topic: 'Castle & <walls>', content: 'before you came', rows: [U.iago] },
  { sender: U.iago, channel: C.general, topic: '', content: 'nothing to see' },
]);
const [received, history, empty] = ids as [number, number, number];

function matches(raw: unknown, messageIds: readonly number[]) {
  const parsed = parseNarrow(raw);
  if (!parsed.ok) throw new Error(parsed.error.msg);
  const user = userOf(state, U.hamlet);
  const narrow = resolveNarrow(state, user, renameEmptyTopicFallback(parsed.value), NOW);
  if (!narrow.ok) throw new Error(narrow.error.msg);
  return matchNarrowFields(state, user, narrow.value, messageIds, NOW);
}

describe('matchNarrowFields (GET /messages/matches_narrow, reference server-messages-channels §6.3)', () => {
  it('considers only messages the user holds a row for', () => {
    expect(Object.keys(matches([['stream', 'Denmark']], [received, history, 999_999]))).toEqual([String(received)]);
  });

  it('gives the rendered content and the escaped topic without a search', () => {
    expect(matches([['stream', 'Denmark']], [received])).toEqual({
      [received]: { match_content: '<p>the ghost walks</p>', match_subject: 'Castle &amp; &lt;walls&gt;' },
    });
  });

  it('highlights the searched words', () => {
    expect(matches([['search', 'walls ghost']], [received, empty])).toEqual({
      [received]: {
        match_content: '<p>the <span class="highlight">ghost</span> walks</p>',
        match_subject: 'Castle &amp; &lt;<span class="highlight">walls</span>&gt;',
      },
    });
  });

  it('reads "general chat" as the empty topic', () => {
    expect(Object.keys(matches([['topic', 'general chat']], [received, empty]))).toEqual([String(empty)]);
  });
});
