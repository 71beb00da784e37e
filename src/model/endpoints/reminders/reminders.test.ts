import { describe, expect, it } from 'vitest';
import { createModel } from '../../../in-process.js';
import { as, CHANNEL, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel, T0 } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

const LATER = T0 + 200;

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', params))['id'];
}

function remind(model: Model, actor: Actor, messageId: number, extra: Record<string, string> = {}): number {
  return expectSuccess(as(model, actor).post('/reminders', { message_id: String(messageId), scheduled_delivery_timestamp: String(LATER), ...extra }))[
    'reminder_id'
  ];
}

function reminders(model: Model, actor: Actor = HAMLET): Record<string, any>[] {
  return expectSuccess(as(model, actor).get('/reminders'))['reminders'];
}

const ORIGIN = 'https://chatref.test';

function newest(model: Model): Record<string, any> {
  const found = expectSuccess(as(model, HAMLET).get('/messages', { anchor: 'newest', num_before: '1', num_after: '0', apply_markdown: 'false' }))['messages'];
  return found[found.length - 1];
}

describe('POST and GET /reminders', () => {
  it('writes the Notification Bot message about a channel message, with the note as a quote line', () => {
    const model = newModel();
    const id = send(model, CORDELIA, { type: 'stream', to: 'Denmark', topic: 'castle', content: 'Meet at the gate.' });
    const reminderId = remind(model, HAMLET, id, { note: 'Bring a lamp  ' });
    const [reminder] = reminders(model);
    expect(reminder).toMatchObject({
      reminder_id: reminderId,
      to: [HAMLET.userId],
      type: 'private',
      scheduled_delivery_timestamp: LATER,
      failed: false,
      reminder_target_message_id: id,
    });
    const slug = `${CHANNEL.denmark}-Denmark`;
    expect(reminder!['content']).toBe(
      'You requested a reminder for the following message. Note:\n > Bring a lamp\n\n' +
        `@_**Cordelia, Lear's daughter|${CORDELIA.userId}** [said](${ORIGIN}/#narrow/channel/${slug}/topic/castle/near/${id}) in [#Denmark > castle](#narrow/channel/${slug}/topic/castle/with/${id}):\n` +
        '```quote\nMeet at the gate.\n```',
    );
    expect(reminder!['rendered_content']).toContain('<blockquote>');
    expect(reminders(model, CORDELIA)).toEqual([]);
  });

  it('names the other participants of a direct message, and a note to self as such; polls are named, not quoted', () => {
    const model = newModel();
    const dm = send(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}]`, content: 'A word.' });
    const self = send(model, HAMLET, { type: 'direct', to: `[${HAMLET.userId}]`, content: '/poll Which?' });
    remind(model, HAMLET, dm);
    remind(model, HAMLET, self);
    const [toCordelia, toSelf] = reminders(model).map((reminder) => reminder['content']);
    const pair = [HAMLET.userId, CORDELIA.userId].sort((a, b) => a - b).join(',');
    expect(toCordelia).toBe(
      'You requested a reminder for the following direct message.\n\n' +
        `@_**King Hamlet|${HAMLET.userId}** [said](${ORIGIN}/#narrow/dm/${pair}/near/${dm}) to @_**Cordelia, Lear's daughter|${CORDELIA.userId}**:\n` +
        '```quote\nA word.\n```',
    );
    expect(toSelf).toBe(
      `You requested a reminder for the following direct message.\n\nYou [sent](${ORIGIN}/#narrow/dm/${HAMLET.userId}/near/${self}) yourself a poll.`,
    );
  });

  it('refuses a past time, a message the user cannot read and a long note, storing nothing', () => {
    const model = newModel();
    const id = send(model, HAMLET, { type: 'direct', to: `[${CORDELIA.userId}]`, content: 'private' });
    const before = model.state;
    const refuse = (params: Record<string, string>, msg: string, code = 'BAD_REQUEST', actor: Actor = HAMLET) =>
      expectError(as(model, actor).post('/reminders', { message_id: String(id), scheduled_delivery_timestamp: String(LATER), ...params }), 400, code, msg);
    refuse({ scheduled_delivery_timestamp: String(T0) }, 'Scheduled delivery time must be in the future.');
    refuse({ message_id: '987654' }, 'Invalid message(s)');
    refuse({}, 'Invalid message(s)', 'BAD_REQUEST', IAGO);
    refuse({ note: 'x'.repeat(1001) }, 'Maximum reminder note length: 1000 characters');
    refuse({ message_id: 'one' }, 'message_id is not valid JSON');
    expect(model.state).toBe(before);
  });
});

describe('DELETE /reminders/{reminder_id}', () => {
  it('removes the caller’s own; anyone else’s, a missing one or a scheduled message’s id is a 404', () => {
    const model = newModel();
    const id = remind(model, HAMLET, send(model, HAMLET, { type: 'stream', to: 'Denmark', topic: 't', content: 'x' }));
    const scheduled = expectSuccess(
      as(model, HAMLET).post('/scheduled_messages', {
        type: 'stream',
        to: String(CHANNEL.denmark),
        topic: 't',
        content: 'x',
        scheduled_delivery_timestamp: String(LATER),
      }),
    )['scheduled_message_id'];
    expectError(as(model, CORDELIA).delete(`/reminders/${id}`), 404, 'BAD_REQUEST', 'Reminder does not exist');
    expectError(as(model, HAMLET).delete(`/reminders/${scheduled}`), 404, 'BAD_REQUEST', 'Reminder does not exist');
    expectError(as(model, HAMLET).delete(`/scheduled_messages/${id}`), 404, 'BAD_REQUEST', 'Scheduled message does not exist');
    expectSuccess(as(model, HAMLET).delete(`/reminders/${id}`));
    expect(reminders(model)).toEqual([]);
  });
});

describe('reminder delivery, events and register', () => {
  it('sends the reminder as Notification Bot’s direct message on the store’s tick, with add and remove events to the user alone', () => {
    let now = T0;
    const model = createModel({ seed: 'tests', clock: () => now });
    const [hamlet, cordelia] = [listen(model, HAMLET), listen(model, CORDELIA)];
    const target = send(model, HAMLET, { type: 'stream', to: 'Denmark', topic: 't', content: 'Remember this.' });
    const id = remind(model, HAMLET, target);
    expect(expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["reminders"]' }))['reminders']).toEqual(reminders(model));
    expect(hamlet().map((event) => [event.type, event.op])).toEqual([
      ['message', undefined],
      ['reminders', 'add'],
    ]);
    now = LATER + 1;
    model.tick();
    expect(hamlet().map((event) => [event.type, event.op ?? event.message.sender_full_name])).toEqual([
      ['message', 'Notification Bot'],
      ['reminders', 'remove'],
    ]);
    expect(cordelia()).toEqual([]);
    expect(reminders(model)).toEqual([]);
    const delivered = newest(model);
    expect(delivered).toMatchObject({ sender_full_name: 'Notification Bot', timestamp: LATER, type: 'private' });
    expect(delivered.content).toContain('```quote\nRemember this.\n```');
    expect(delivered.flags).not.toContain('read');
    expectError(as(model, HAMLET).delete(`/reminders/${id}x`), 404, 'NOT_FOUND');
  });

  it('recalls a message the user can no longer read as it was when the reminder was set', () => {
    const model = newModel();
    const target = send(model, HAMLET, { type: 'stream', to: 'Denmark', topic: 't', content: 'Soon gone.' });
    remind(model, HAMLET, target);
    const stored = reminders(model)[0]!['content'];
    expectSuccess(as(model, IAGO).delete(`/messages/${target}`));
    model.control.setClock({ advance: 400 });
    const delivered = newest(model);
    expect(delivered.content).toBe(stored);
  });
});
