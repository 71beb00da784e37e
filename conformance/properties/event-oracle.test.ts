/**
 * The events oracle has teeth: a fixed sequence of writes passes on the
 * model, and fails on a server that forgets an event or sends one to users
 * who should not get it, naming the observer and the key path.
 */
import { describe, expect, it } from 'vitest';
import { CheckFailure } from '../check.js';
import { CreateChannelCommand, SubscriptionCommand } from '../commands/oracle-channels.js';
import { DeleteMessageCommand, MessageFlagCommand, MoveTopicCommand, SendMessageCommand } from '../commands/oracle-messages.js';
import { StatusCommand } from '../commands/oracle-status.js';
import type { OracleCommand } from '../commands/oracle-world.js';
import { RenameUserCommand } from '../commands/rename-user.js';
import type { Target, TargetResponse } from '../target.js';
import { EVENT_ORACLE_CHECK, oracleSession, PLAIN_VARIANT } from './event-oracle.js';
import { contextFor, freshModelTarget, sessionOn } from './test-session.js';

type Json = Record<string, any>;

/**
 * The model behind a rewriting of what GET /events answers. Event ids are
 * renumbered per queue, so that events can be dropped or added while ids
 * stay increasing; acknowledgements are translated back.
 */
function rewritingEvents(name: string, rewrite: (queueId: string, events: Json[], others: readonly string[]) => Json[]): Target {
  const inner = freshModelTarget('oracle-teeth');
  const queues = new Map<string, { readonly toModel: Map<number, number>; next: number }>();
  return {
    name,
    close: () => inner.close(),
    async call(auth, method, path, params = {}, files = []): Promise<TargetResponse> {
      const queueId = params['queue_id'];
      if (!(method === 'GET' && path === '/events' && queueId !== undefined && queues.has(queueId))) {
        const response = await inner.call(auth, method, path, params, files);
        const body = response.body as Json | null;
        if (method === 'POST' && path === '/register' && typeof body?.['queue_id'] === 'string') queues.set(body['queue_id'], { toModel: new Map(), next: 0 });
        return response;
      }
      const queue = queues.get(queueId)!;
      const acknowledged = Number(params['last_event_id']);
      let modelLast = -1;
      for (const [client, model] of queue.toModel) if (client <= acknowledged && model > modelLast) modelLast = model;
      const response = await inner.call(auth, method, path, { ...params, last_event_id: String(modelLast) }, files);
      const body = response.body as Json;
      if (response.status !== 200 || !Array.isArray(body['events'])) return response;
      const fresh = (body['events'] as Json[]).filter((event) => ![...queue.toModel.values()].includes(event['id'] as number));
      const kept = (body['events'] as Json[]).filter((event) => !fresh.includes(event));
      const clientIdOf = (modelId: number) => [...queue.toModel].find(([, model]) => model === modelId)![0];
      const out = kept.map((event) => ({ ...event, id: clientIdOf(event['id'] as number) }));
      for (const event of rewrite(
        queueId,
        fresh,
        [...queues.keys()].filter((other) => other !== queueId),
      )) {
        const id = queue.next++;
        if (typeof event['id'] === 'number' && fresh.includes(event)) queue.toModel.set(id, event['id']);
        out.push({ ...event, id });
      }
      return { ...response, body: { ...body, events: out } };
    },
  };
}

/** Forgets every event of this type and op. */
function forgetting(type: string, op: string): Target {
  return rewritingEvents(`forgets ${type}/${op}`, (_queue, events) => events.filter((event) => !(event['type'] === type && event['op'] === op)));
}

/** Sends every event of this type and op to every other queue as well (a broken audience). */
function broadcasting(type: string, op: string): Target {
  const pending = new Map<string, Json[]>();
  return rewritingEvents(`broadcasts ${type}/${op}`, (queue, events, others) => {
    for (const event of events) {
      if (event['type'] !== type || event['op'] !== op) continue;
      for (const other of others) pending.set(other, [...(pending.get(other) ?? []), { ...event }]);
    }
    const extra = pending.get(queue) ?? [];
    pending.delete(queue);
    return [...events, ...extra];
  });
}

/** Runs one fixed sequence of the oracle against the target; returns the failure, or undefined when it held. */
async function oracleFailure(target: Target, commands: () => OracleCommand[]): Promise<CheckFailure | undefined> {
  const session = await sessionOn(target);
  const oracle = await oracleSession(contextFor(session, 7, 5));
  try {
    await oracle.run(PLAIN_VARIANT, commands());
    return undefined;
  } catch (error) {
    if (error instanceof CheckFailure) return error;
    throw error;
  } finally {
    await oracle.cleanUp();
    await session.teardown();
    await target.close();
  }
}

/** The owner renames the member observer, sets a status, makes a channel with the member, and subscribes the guest to it. */
const WRITES = (): OracleCommand[] => [
  new RenameUserCommand(0, 0, 1),
  new StatusCommand(0, 0),
  new CreateChannelCommand(0, false, false, 1),
  new SubscriptionCommand(0, 0, true, 2),
];

/** A channel of the owner and the member; messages in it and between users; stars, reads, a move and a deletion. */
const MESSAGE_WRITES = (): OracleCommand[] => [
  new CreateChannelCommand(0, false, false, 1),
  new SendMessageCommand(1, true, 0, undefined),
  new SendMessageCommand(0, false, 1, 2),
  new SendMessageCommand(1, false, 0, undefined),
  new MessageFlagCommand(0, 0, 'starred', true),
  new MessageFlagCommand(0, 0, 'read', true),
  new MessageFlagCommand(1, 2, 'read', false),
  new MoveTopicCommand(0, 0),
  new DeleteMessageCommand(0, 1),
];

describe('the events oracle', () => {
  it('holds on the model for renames, statuses, a new channel and a subscription', async () => {
    expect(await oracleFailure(freshModelTarget('oracle-teeth'), WRITES)).toBeUndefined();
  });

  it('holds on the model for messages, flags, a topic move and a deletion', async () => {
    expect(await oracleFailure(freshModelTarget('oracle-teeth'), MESSAGE_WRITES)).toBeUndefined();
  });

  it('fails on a server that forgets starring, naming starred_messages', async () => {
    const failure = await oracleFailure(forgetting('update_message_flags', 'add'), () => MESSAGE_WRITES().slice(0, 5));
    expect(failure?.expected).toMatch(/starred_messages: applying the events gave \[\]; a fresh register shows \[\d+\]/);
  });

  it('fails on a server that forgets to tell the recipients of a direct message', async () => {
    const failure = await oracleFailure(
      rewritingEvents('forgets direct messages', (_queue, events) =>
        events.filter((event) => !(event['type'] === 'message' && event['message']?.['type'] === 'private')),
      ),
      () => [new SendMessageCommand(1, false, 0, undefined)],
    );
    expect(failure?.expected).toMatch(/(recent_private_conversations|max_message_id|unread_msgs)/);
  });

  it('fails on a server that forgets the rename event, naming the observer and the path', async () => {
    const failure = await oracleFailure(forgetting('realm_user', 'update'), WRITES);
    expect(failure?.clause).toBe('events.oracle.register-agrees');
    expect(failure?.expected).toMatch(/observer desdemona@chatref\.test \(user 1, role 100 at register, 100 now\), queue with capabilities/);
    expect(failure?.expected).toMatch(/realm_users\[user_id=\d+\]\.full_name: applying the events gave "[^"]+"; a fresh register shows "crprop-renamed-\d+/);
  });

  it('fails on a server that sends a subscription to users who did not subscribe', async () => {
    // The owner makes a channel alone; the member and the guest are told they joined it.
    const failure = await oracleFailure(broadcasting('subscription', 'add'), () => [new CreateChannelCommand(0, false, false, undefined)]);
    expect(failure?.expected).toMatch(/observer crprop-(member|guest)\d+@chatref\.test/);
    expect(failure?.expected).toMatch(/subscriptions\[stream_id=\d+\]: applying the events gave \{[^\n]*; a fresh register shows \(absent\)/);
  });

  it('reports a failing property with its seed, path, shrunk sequence and curl script', async () => {
    const target = forgetting('realm_user', 'update');
    const session = await sessionOn(target);
    try {
      await EVENT_ORACLE_CHECK.run(contextFor(session, 7, 10));
      throw new Error('the oracle passed against a server that forgets realm_user updates');
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      expect(error.clause).toBe('events.oracle.register-agrees');
      expect(error.message).toMatch(/seed: -?\d+, path: "[\d:]+"/);
      expect(error.message).toContain('shrunk counterexample:');
      expect(error.message).toMatch(/observer \S+ \(user \d+, role \d+ at register, \d+ now\)/);
      expect(error.message).toMatch(/curl -sS (-G|-X [A-Z]+) "\$CHATREF_URL\/api\/v1\//);
    } finally {
      await session.teardown();
      await target.close();
    }
  });
});
