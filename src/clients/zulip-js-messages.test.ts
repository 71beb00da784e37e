/** zulip-js's message calls (messages.send, retrieve, getById) and its event loop, unmodified, against a chatref server. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error zulip-js ships no types.
import zulip from 'zulip-js';
import { createServer } from '../create-server.js';
import type { RunningServer } from '../http/server.js';
import { CORDELIA, HAMLET, IAGO } from '../testing/default-realm.js';
import { waitFor } from './wait-for.js';

let server: RunningServer;
beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  server = await createServer({ port: 0, seed: 'zulip-js-messages' });
});
afterAll(async () => {
  await server.stop();
});

describe('zulip-js messages against chatref', () => {
  it('sends to a channel and reads it back through retrieve (with a narrow) and getById', async () => {
    const hamlet = await zulip({ username: HAMLET.email, apiKey: HAMLET.apiKey, realm: server.url });
    const sent = await hamlet.messages.send({ type: 'stream', to: 'general', topic: 'zulip-js', content: 'Hello **world** :tada:' });
    expect(sent).toMatchObject({ result: 'success', id: expect.any(Number) });
    const page = await hamlet.messages.retrieve({
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'zulip-js' },
      ],
    });
    expect(page).toMatchObject({ result: 'success', found_newest: true });
    expect(page.messages.map((message: { id: number }) => message.id)).toEqual([sent.id]);
    expect(page.messages[0].content).toContain('<strong>world</strong>');
    const single = await hamlet.messages.getById({ message_id: sent.id });
    expect(single).toMatchObject({ result: 'success', raw_content: 'Hello **world** :tada:', message: { id: sent.id, subject: 'zulip-js' } });
  });

  it('sends a direct message by user ids and refuses an unknown channel with the real error', async () => {
    const hamlet = await zulip({ username: HAMLET.email, apiKey: HAMLET.apiKey, realm: server.url });
    const direct = await hamlet.messages.send({ type: 'direct', to: [CORDELIA.userId], content: 'psst' });
    expect(direct.result).toBe('success');
    const refused = await hamlet.messages.send({ type: 'stream', to: 'no such channel', topic: 't', content: 'x' });
    expect(refused).toMatchObject({ result: 'error', code: 'STREAM_DOES_NOT_EXIST', stream: 'no such channel' });
  });

  it("delivers another user's message to a callOnEachEvent loop", async () => {
    const iago = await zulip({ username: IAGO.email, apiKey: IAGO.apiKey, realm: server.url });
    const cordelia = await zulip({ username: CORDELIA.email, apiKey: CORDELIA.apiKey, realm: server.url });
    const received: Record<string, any>[] = [];
    const before = server.store.waitingCount;
    void iago.callOnEachEvent((event: Record<string, any>) => received.push(event), ['message']);
    await waitFor(() => (server.store.waitingCount > before ? true : undefined));
    const sent = await cordelia.messages.send({ type: 'stream', to: 'general', topic: 'loop', content: 'ping' });
    const event = await waitFor(() => received.find((candidate) => candidate['type'] === 'message' && candidate['message'].id === sent.id));
    expect(event['flags']).toEqual([]);
    expect(event['message']).toMatchObject({ sender_id: CORDELIA.userId, display_recipient: 'general', subject: 'loop' });
  });
});
