/** zulip-js's own event loop (callOnEachEvent), unmodified, against a chatref server. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error zulip-js ships no types.
import zulip from 'zulip-js';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { HEARTBEAT_MIN_SECS } from '../store/store.js';
import { CORDELIA, HAMLET } from '../testing/default-realm.js';
import { waitFor } from './wait-for.js';

let server: RunningServer;
beforeAll(async () => {
  // The loop never ends; once the server stops it logs each failed poll.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  server = await createServer({ port: 0, seed: 'zulip-js-events' });
});
afterAll(async () => {
  await server.stop();
});

type Event = { id: number; type: string; [key: string]: unknown };

describe('zulip-js callOnEachEvent against chatref', () => {
  it("receives another user's write while its long-poll is held, not at the next heartbeat", async () => {
    const hamlet = await zulip({ username: HAMLET.email, apiKey: HAMLET.apiKey, realm: server.url });
    const cordelia = await zulip({ username: CORDELIA.email, apiKey: CORDELIA.apiKey, realm: server.url });
    const received: { event: Event; at: number }[] = [];
    void hamlet.callOnEachEvent((event: Event) => received.push({ event, at: Date.now() }));
    // The loop registers, then long-polls: wait until its request is held.
    await waitFor(() => (server.store.waitingCount > 0 ? true : undefined));

    const sentAt = Date.now();
    expect(await cordelia.callEndpoint('/users/me/status', 'POST', { status_text: 'To a nunnery' })).toEqual({ result: 'success', msg: '' });
    const first = await waitFor(() => received.find(({ event }) => event.type === 'user_status'));
    expect(first.event).toEqual({ type: 'user_status', user_id: CORDELIA.userId, status_text: 'To a nunnery', id: 0 });
    // Far below the 45 s heartbeat that would otherwise end the held poll, however busy the machine.
    expect(first.at - sentAt).toBeLessThan(HEARTBEAT_MIN_SECS * 1000);

    // The next poll acknowledges id 0: a second write arrives as id 1 and nothing is delivered twice.
    await cordelia.callEndpoint('/users/me/status', 'POST', { status_text: 'Mad' });
    const second = await waitFor(() => received.find(({ event }) => event['status_text'] === 'Mad'));
    expect(second.event.id).toBe(1);
    expect(received.filter(({ event }) => event.type === 'user_status')).toHaveLength(2);
  });
});
