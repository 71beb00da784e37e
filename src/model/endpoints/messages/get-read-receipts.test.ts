import { describe, expect, it } from 'vitest';
import { as, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, newModel, SHIVA } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function readMessage(model: Model, actor: Actor, id: number): void {
  expectSuccess(as(model, actor).post('/messages/flags', { messages: `[${id}]`, op: 'add', flag: 'read' }));
}

function receipts(model: Model, actor: Actor, id: number): number[] {
  return expectSuccess(as(model, actor).get(`/messages/${id}/read_receipts`))['user_ids'];
}

describe('GET /messages/{message_id}/read_receipts', () => {
  it('lists who read the message: not the sender, not who keeps receipts private, not muted or muting users', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).patch('/realm', { enable_read_receipts: 'true' }));
    const id = expectSuccess(as(model, IAGO).post('/messages', { type: 'stream', to: 'general', topic: 'receipts', content: 'read me' }))['id'];
    for (const reader of [IAGO, HAMLET, CORDELIA, SHIVA, DESDEMONA]) readMessage(model, reader, id);
    expect(receipts(model, HAMLET, id)).toEqual([DESDEMONA.userId, SHIVA.userId, HAMLET.userId, CORDELIA.userId]);
    expectSuccess(as(model, CORDELIA).patch('/settings', { send_read_receipts: 'false' }));
    expectSuccess(as(model, SHIVA).post(`/users/me/muted_users/${HAMLET.userId}`));
    expectSuccess(as(model, HAMLET).post(`/users/me/muted_users/${DESDEMONA.userId}`));
    expect(receipts(model, HAMLET, id)).toEqual([HAMLET.userId]);
    expect(receipts(model, IAGO, id)).toEqual([DESDEMONA.userId, SHIVA.userId, HAMLET.userId]);
  });

  it('needs a message the caller may read and receipts enabled in the organization', () => {
    const model = newModel();
    expectSuccess(as(model, DESDEMONA).patch('/realm', { enable_read_receipts: 'true' }));
    const secret = expectSuccess(as(model, IAGO).post('/messages', { type: 'stream', to: 'Scotland', topic: 'plots', content: 'hush' }))['id'];
    expectError(as(model, CORDELIA).get(`/messages/${secret}/read_receipts`), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectError(as(model, CORDELIA).get('/messages/99999999/read_receipts'), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectSuccess(as(model, DESDEMONA).patch('/realm', { enable_read_receipts: 'false' }));
    expectError(as(model, HAMLET).get(`/messages/${secret}/read_receipts`), 400, 'BAD_REQUEST', 'Read receipts are disabled in this organization.');
  });
});
