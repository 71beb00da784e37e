/**
 * zulip-js's calls on existing messages, unmodified, against a chatref server:
 * messages.update, messages.flags.add/remove, reactions.add/remove,
 * messages.getHistoryById and typing.send (with its event loop).
 */
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
  server = await createServer({ port: 0, seed: 'zulip-js-message-actions' });
});
afterAll(async () => {
  await server.stop();
});

type Client = Awaited<ReturnType<typeof zulip>>;

function clientOf(user: { email: string; apiKey: string }): Promise<Client> {
  return zulip({ username: user.email, apiKey: user.apiKey, realm: server.url });
}

async function sendToGeneral(client: Client, topic: string, content: string): Promise<number> {
  const sent = await client.messages.send({ type: 'stream', to: 'general', topic, content });
  expect(sent.result).toBe('success');
  return sent.id;
}

describe('zulip-js message actions against chatref', () => {
  it('edits content and moves a topic with messages.update, and reads the history back', async () => {
    const hamlet = await clientOf(HAMLET);
    const first = await sendToGeneral(hamlet, 'zulip-js edits', 'first draft');
    const second = await sendToGeneral(hamlet, 'zulip-js edits', 'second message');

    const edited = await hamlet.messages.update({ message_id: first, content: 'final **text**' });
    expect(edited).toMatchObject({ result: 'success', detached_uploads: [] });
    const single = await hamlet.messages.getById({ message_id: first });
    expect(single).toMatchObject({ raw_content: 'final **text**', message: { id: first } });
    expect(single.message.content).toContain('<strong>text</strong>');

    const moved = await hamlet.messages.update({ message_id: first, topic: 'zulip-js renamed', propagate_mode: 'change_all' });
    expect(moved.result).toBe('success');
    const again = await hamlet.messages.getById({ message_id: second });
    expect(again.message.subject).toBe('zulip-js renamed');

    const history = await hamlet.messages.getHistoryById({ message_id: first });
    expect(history.result).toBe('success');
    expect(history.message_history[0]).toMatchObject({ content: 'first draft', topic: 'zulip-js edits' });
    expect(history.message_history.at(-1)).toMatchObject({ topic: 'zulip-js renamed', prev_topic: 'zulip-js edits' });
  });

  it("refuses to edit another user's message with the real server's error", async () => {
    const hamlet = await clientOf(HAMLET);
    const cordelia = await clientOf(CORDELIA);
    const id = await sendToGeneral(hamlet, 'zulip-js edits', 'mine');
    const refused = await cordelia.messages.update({ message_id: id, content: 'not yours' });
    expect(refused).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: "You don't have permission to edit this message" });
  });

  it('stars, unstars and marks as unread with messages.flags', async () => {
    const hamlet = await clientOf(HAMLET);
    const cordelia = await clientOf(CORDELIA);
    const id = await sendToGeneral(hamlet, 'zulip-js flags', 'star me');

    const starred = await cordelia.messages.flags.add({ flag: 'starred', messages: [id] });
    expect(starred).toMatchObject({ result: 'success', messages: [id] });
    expect((await cordelia.messages.getById({ message_id: id })).message.flags).toContain('starred');

    const unread = await cordelia.messages.flags.remove({ flag: 'read', messages: [id] });
    expect(unread.result).toBe('success');
    const flags = (await cordelia.messages.getById({ message_id: id })).message.flags;
    expect(flags).not.toContain('read');
    expect((await cordelia.messages.flags.remove({ flag: 'starred', messages: [id] })).result).toBe('success');
    expect((await cordelia.messages.getById({ message_id: id })).message.flags).not.toContain('starred');

    const notEditable = await cordelia.messages.flags.add({ flag: 'mentioned', messages: [id] });
    expect(notEditable).toMatchObject({ result: 'error', msg: "Flag not editable: 'mentioned'" });
  });

  it('adds and removes a reaction by name', async () => {
    const hamlet = await clientOf(HAMLET);
    const cordelia = await clientOf(CORDELIA);
    const id = await sendToGeneral(hamlet, 'zulip-js reactions', 'react to me');

    expect(await cordelia.reactions.add({ message_id: id, emoji_name: 'octopus' })).toMatchObject({ result: 'success' });
    const reactions = (await hamlet.messages.getById({ message_id: id })).message.reactions;
    expect(reactions).toEqual([
      expect.objectContaining({ emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji', user_id: CORDELIA.userId }),
    ]);
    expect(await cordelia.reactions.add({ message_id: id, emoji_name: 'octopus' })).toMatchObject({ result: 'error', code: 'REACTION_ALREADY_EXISTS' });

    expect(await cordelia.reactions.remove({ message_id: id, emoji_name: 'octopus' })).toMatchObject({ result: 'success' });
    expect((await hamlet.messages.getById({ message_id: id })).message.reactions).toEqual([]);
    expect(await cordelia.reactions.remove({ message_id: id, emoji_name: 'octopus' })).toMatchObject({ result: 'error', code: 'REACTION_DOES_NOT_EXIST' });
  });

  it('delivers typing.send to the recipients’ callOnEachEvent loops', async () => {
    const hamlet = await clientOf(HAMLET);
    const iago = await clientOf(IAGO);
    const received: Record<string, any>[] = [];
    const before = server.store.waitingCount;
    void iago.callOnEachEvent((event: Record<string, any>) => received.push(event), ['typing']);
    await waitFor(() => (server.store.waitingCount > before ? true : undefined));

    // zulip-js JSON-encodes `to` only when it holds more than one entry, as the real server requires a JSON list.
    expect(await hamlet.typing.send({ to: [IAGO.userId, CORDELIA.userId], op: 'start' })).toMatchObject({ result: 'success' });
    const event = await waitFor(() => received.find((candidate) => candidate['type'] === 'typing'));
    expect(event).toMatchObject({ op: 'start', message_type: 'direct', sender: { user_id: HAMLET.userId, email: HAMLET.email } });
    expect(event['recipients'].map((recipient: { user_id: number }) => recipient.user_id).sort()).toEqual([IAGO.userId, HAMLET.userId, CORDELIA.userId].sort());
  });
});
