import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CORDELIA, IAGO, newModel, POLONIUS, SHIVA } from '../../../testing/default-realm.js';
import { isResolveToggle, selectEditTimestamps, topicResolution } from '../../rules/message-editing.js';
import { canMoveMessagesOutOfChannel, canMoveMessagesWithinChannel, canResolveTopicsIn } from '../../rules/message-moving.js';
import { sha256Hex } from '../../sha256.js';
import { getRow } from '../../tables/table.js';

describe('sha256Hex', () => {
  it('agrees with node:crypto on block boundaries and on multi-byte text', () => {
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'x'.repeat(1000), 'héllo ✔ 😀']) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('resolving topics', () => {
  it('recognises a resolve, an unresolve and an ordinary rename', () => {
    expect(topicResolution('plans', '✔ plans', '✔ plans')).toBe('resolved');
    expect(topicResolution('✔ plans', 'plans', 'plans')).toBe('unresolved');
    expect(topicResolution('✔ ✔ plans', 'plans', 'plans')).toBe('unresolved');
    expect(topicResolution('plans', '✔ other', '✔ other')).toBeNull();
    expect(topicResolution('✔ plans', '✔✔ plans', '✔✔ plans')).toBeNull();
    const long = 'x'.repeat(59);
    expect(topicResolution(long, `✔ ${long}`, `✔ ${'x'.repeat(55)}...`)).toBe('resolved');
  });

  it('does not count resolve toggles in the history as moves', () => {
    expect(isResolveToggle('✔ plans', 'plans')).toBe(true);
    expect(isResolveToggle('plans', '✔ plans')).toBe(true);
    expect(isResolveToggle('✔ other', 'plans')).toBe(false);
    expect(isResolveToggle(`✔ ${'x'.repeat(55)}...`, 'x'.repeat(59))).toBe(true);
    const history = [
      { userId: 1, timestamp: 30, prevTopic: 'plans', topic: '✔ plans' },
      { userId: 1, timestamp: 20, prevContent: 'a', prevRenderedContent: '<p>a</p>' },
      { userId: 1, timestamp: 10, prevTopic: 'old', topic: 'plans' },
    ];
    expect(selectEditTimestamps(history)).toEqual({ lastEdit: 20, lastMoved: 10 });
    expect(selectEditTimestamps([])).toEqual({ lastEdit: null, lastMoved: null });
  });
});

describe('the move permission rules', () => {
  it('answer by role under the default settings, and without a time', () => {
    const model = newModel();
    const state = model.state;
    const general = getRow(state.channels, 1)!;
    const user = (id: number) => getRow(state.users, id)!;
    expect(canMoveMessagesWithinChannel(state, user(POLONIUS.userId), general)).toBe(true);
    expect(canMoveMessagesOutOfChannel(state, user(CORDELIA.userId), general)).toBe(true);
    expect(canMoveMessagesOutOfChannel(state, user(POLONIUS.userId), general)).toBe(false);
    expect(canResolveTopicsIn(state, user(POLONIUS.userId), general)).toBe(true);
    expect(canMoveMessagesOutOfChannel(state, user(IAGO.userId), general)).toBe(true);
    expect(canMoveMessagesWithinChannel(state, user(SHIVA.userId), general, state.realm.dateCreated)).toBe(true);
  });
});
