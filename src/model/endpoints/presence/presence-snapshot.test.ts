import { describe, expect, it } from 'vitest';
import { openSnapshot, snapshotText, takeSnapshot } from '../../../store/snapshot.js';
import { as, CORDELIA, expectSuccess, HAMLET } from '../../../testing/default-realm.js';
import { clockedModel } from './test-support.js';

describe('presence and push tokens in a snapshot', () => {
  it('come back exactly as they were', () => {
    const { model, advance } = clockedModel();
    expectSuccess(as(model, HAMLET).post('/users/me/presence', { status: 'active' }));
    advance(100);
    expectSuccess(as(model, CORDELIA).post('/users/me/presence', { status: 'idle' }));
    expectSuccess(as(model, HAMLET).post('/users/me/apns_device_token', { token: 'c0ffee', appid: 'org.zulip.Zulip' }));
    const snapshot = takeSnapshot(model.state, () => undefined);
    const restored = openSnapshot(JSON.parse(snapshotText(snapshot))).state;
    expect(snapshotText(takeSnapshot(restored, () => undefined))).toBe(snapshotText(snapshot));
    expect(restored.presenceByUser.size).toBe(2);
    expect(restored.counters.nextPresenceUpdateId).toBe(3);
  });
});
