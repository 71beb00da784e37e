import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createModel } from '../in-process.js';
import { liveABusyDay } from '../testing/busy-realm.js';
import { HAMLET, IAGO, T0 } from '../testing/default-realm.js';
import { snapshotText } from './snapshot.js';

describe('the control plane', () => {
  it('resets to the starting state, files included, and drops the event queues', async () => {
    const model = createModel({ seed: 'control', clock: () => T0 });
    const start = snapshotText(model.control.snapshot());
    const register = model.call('POST', '/register', { event_types: JSON.stringify(['message']) }, { auth: HAMLET }).body as {
      queue_id: string;
      last_event_id: number;
    };
    const waiting = model.request('GET', '/events', { queue_id: register.queue_id, last_event_id: String(register.last_event_id) }, { auth: HAMLET });
    liveABusyDay(model);
    expect(model.store.content.count).toBe(2);

    model.control.reset();
    expect(snapshotText(model.control.snapshot())).toBe(start);
    expect(model.store.content.count).toBe(0);
    expect((await waiting).status).toBe(200);
    expect(model.store.queueCount).toBe(0);
    const gone = model.call('GET', '/events', { queue_id: register.queue_id, last_event_id: '-1', dont_block: 'true' }, { auth: HAMLET });
    expect(gone.body).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID' });
  });

  it('puts the clock back on reset: a frozen or moved clock runs from the base clock again', () => {
    let base = T0;
    const model = createModel({ seed: 'control', clock: () => base });
    model.control.setClock({ frozen: true, advance: 3600 });
    base += 10;
    expect(model.control.clock()).toEqual({ now: T0 + 3600, frozen: true, offset: 3590 });
    model.control.reset();
    expect(model.control.clock()).toEqual({ now: T0 + 10, frozen: false, offset: 0 });
    base += 1;
    expect(model.store.clock()).toBe(T0 + 11);
  });

  it('forgets rate-limit counts on reset, so a locked account may log in again', () => {
    const model = createModel({ seed: 'control', clock: () => T0 });
    const login = (password: string) => model.call('POST', '/fetch_api_key', { username: HAMLET.email, password }).status;
    for (let attempt = 0; attempt < 5; attempt++) login('wrong');
    expect(login(HAMLET.password!)).toBe(429);
    model.control.reset();
    expect(login(HAMLET.password!)).toBe(200);
  });

  it('resets a model started from a snapshot to that snapshot, its files put back', () => {
    const first = createModel({ seed: 'control', clock: () => T0 });
    liveABusyDay(first);
    const snapshot = first.control.snapshot();
    const model = createModel({ snapshot, clock: () => T0 });
    const attachment = JSON.parse(snapshotText(snapshot)).state.uploads.attachments.$table[0][1];
    model.call('DELETE', `/attachments/${attachment.id}`, {}, { auth: HAMLET });
    expect(model.store.content.get(attachment.contentKey)).toBeUndefined();
    model.control.reset();
    expect(snapshotText(model.control.snapshot())).toBe(snapshotText(snapshot));
    expect(model.store.content.get(attachment.contentKey)?.toString()).toBe('notes of day');
  });

  it('restores a snapshot over later writes, and drops the files they added', () => {
    const model = createModel({ seed: 'control', clock: () => T0 });
    const saved = model.control.snapshot();
    liveABusyDay(model);
    model.control.restore(saved);
    expect(snapshotText(model.control.snapshot())).toBe(snapshotText(saved));
    expect(model.store.content.count).toBe(0);
  });

  it('moves, freezes, thaws and resets the clock, and the store stamps requests with it', () => {
    let base = T0;
    const model = createModel({ seed: 'control', clock: () => base });
    expect(model.control.clock()).toEqual({ now: T0, frozen: false, offset: 0 });
    expect(model.control.setClock({ advance: 600 })).toEqual({ now: T0 + 600, frozen: false, offset: 600 });
    base += 10;
    expect(model.store.clock()).toBe(T0 + 610);
    expect(model.control.setClock({ frozen: true })).toEqual({ now: T0 + 610, frozen: true, offset: 600 });
    base += 100;
    expect(model.control.clock()).toEqual({ now: T0 + 610, frozen: true, offset: 500 });
    expect(model.control.setClock({ advance: 5 }).now).toBe(T0 + 615);
    expect(model.control.setClock({ now: T0 + 1000 })).toEqual({ now: T0 + 1000, frozen: true, offset: 890 });
    expect(model.control.setClock({ frozen: false })).toEqual({ now: T0 + 1000, frozen: false, offset: 890 });
    base += 1;
    expect(model.control.clock().now).toBe(T0 + 1001);
    expect(model.control.setClock({ now: T0 })).toEqual({ now: T0, frozen: false, offset: -(base - T0) });
    expect(model.control.setClock({ system: true })).toEqual({ now: base, frozen: false, offset: 0 });

    model.control.setClock({ frozen: true, now: T0 + 5000 });
    const sent = model.call('POST', '/messages', { type: 'stream', to: 'general', topic: 'clock', content: 'when?' }, { auth: HAMLET }).body as { id: number };
    const message = model.call('GET', `/messages/${sent.id}`, {}, { auth: HAMLET }).body as { message: { timestamp: number } };
    expect(message.message.timestamp).toBe(T0 + 5000);
  });

  it('lists recent requests with their answers, and the e-mails sent', () => {
    const model = createModel({ seed: 'control', clock: () => T0 });
    model.call('GET', '/users/me', {}, { auth: HAMLET });
    model.call('DELETE', '/users/5', { deactivation_notification_comment: 'Goodbye' }, { auth: IAGO });
    model.call('GET', '/nope', {}, { auth: HAMLET });
    const [last, deactivation, me] = model.control.requests();
    expect(last).toMatchObject({ method: 'GET', path: '/api/v1/nope', status: 404, user: HAMLET.email, user_id: HAMLET.userId });
    expect(deactivation).toMatchObject({ method: 'DELETE', path: '/api/v1/users/5', status: 200, params: { deactivation_notification_comment: 'Goodbye' } });
    expect(me?.response.body).toMatchObject({ result: 'success', user_id: HAMLET.userId });
    expect(model.control.requests({ user: IAGO.email }).map((entry) => entry.path)).toEqual(['/api/v1/users/5']);
    model.control.clearRequests();
    expect(model.control.requests()).toEqual([]);
    expect(model.control.outbox()).toEqual([expect.objectContaining({ to: 'cordelia@chatref.test', template: 'user_deactivated', sentAt: T0 })]);
    expect(model.control.outbox()[0]?.body).toContain('Goodbye');
  });

  it("replays another server's journal onto its own start, after a reset, and refuses one from elsewhere", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'chatref-control-')), 'journal.jsonl');
    let now = T0;
    const recorder = createModel({ seed: 'recorder', clock: () => (now += 1), journal: file });
    liveABusyDay(recorder);
    recorder.close();

    const player = createModel({ seed: 'player', clock: () => T0 });
    player.call('POST', '/messages', { type: 'stream', to: 'general', topic: 'gone', content: 'before the replay' }, { auth: HAMLET });
    const applied = player.control.replayJournal(readFileSync(file, 'utf8'));
    expect(applied).toBeGreaterThan(20);
    expect(snapshotText(player.control.snapshot())).toBe(snapshotText(recorder.control.snapshot()));

    const elsewhere = createModel({ seed: 'player', videoCallProvider: 'none' });
    expect(() => elsewhere.control.replayJournal(readFileSync(file, 'utf8'))).toThrow('another starting state');
  });
});
