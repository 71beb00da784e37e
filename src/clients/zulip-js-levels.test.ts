/**
 * zulip-js, unmodified, against chatref answering as Zulip 7.0 (feature
 * level 185) and as the newest server: login, reads, a send and its event
 * through the client's own event loop.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error zulip-js ships no types.
import zulip from 'zulip-js';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { OLDEST_FEATURE_LEVEL } from '../model/feature-levels/releases.js';
import { FEATURE_LEVEL } from '../model/version.js';
import { CORDELIA, HAMLET } from '../testing/default-realm.js';
import { waitFor } from './wait-for.js';

type Event = { id: number; type: string; [key: string]: unknown };

describe.each([OLDEST_FEATURE_LEVEL, FEATURE_LEVEL])('zulip-js against chatref at feature level %i', (level) => {
  let server: RunningServer;
  beforeAll(async () => {
    // The event loop never ends; once the server stops it logs each failed poll.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    server = await createServer({ port: 0, seed: `zulip-js-${level}`, featureLevel: level });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('logs in with a password and reads the server, the own profile, users and subscriptions', async () => {
    const client = await zulip({ username: HAMLET.email, password: HAMLET.password, realm: server.url });
    expect(await client.server.settings()).toMatchObject({ result: 'success', zulip_feature_level: level });
    expect(await client.users.me.getProfile()).toMatchObject({ result: 'success', user_id: HAMLET.userId });
    const users = await client.users.retrieve();
    expect(users.members.length).toBeGreaterThanOrEqual(8);
    const subscriptions = await client.streams.subscriptions.retrieve();
    expect(subscriptions.subscriptions.length).toBeGreaterThan(0);
  });

  it('sends a message that its event loop receives, and reads it back', async () => {
    const hamlet = await zulip({ username: HAMLET.email, apiKey: HAMLET.apiKey, realm: server.url });
    const cordelia = await zulip({ username: CORDELIA.email, apiKey: CORDELIA.apiKey, realm: server.url });
    const received: Event[] = [];
    void hamlet.callOnEachEvent((event: Event) => received.push(event), ['message']);
    await waitFor(() => (server.store.waitingCount > 0 ? true : undefined));
    const sent = await cordelia.messages.send({ type: 'stream', to: 'general', topic: `level ${level}`, content: 'Hello, old friend' });
    expect(sent).toMatchObject({ result: 'success', id: expect.any(Number) });
    const event = await waitFor(() => received.find((candidate) => candidate.type === 'message'));
    expect(event['message']).toMatchObject({ id: sent.id, subject: `level ${level}`, content: 'Hello, old friend' });
    const read = await hamlet.messages.retrieve({ anchor: sent.id, num_before: 0, num_after: 0, narrow: [] });
    expect(read.messages).toEqual([expect.objectContaining({ id: sent.id })]);
  });
});
