import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function queue(model: Model, actor: Actor, types: string[]): () => Record<string, unknown>[] {
  const id = expectSuccess(as(model, actor).post('/register', { event_types: JSON.stringify(types) }))['queue_id'];
  return () => expectSuccess(as(model, actor).get('/events', { queue_id: id, last_event_id: '-1', dont_block: 'true' }))['events'];
}

function flagsOf(model: Model, actor: Actor, id: number): string[] {
  return expectSuccess(as(model, actor).get(`/messages/${id}`))['message']['flags'];
}

describe('alert words', () => {
  it('adds stripped words once each, case-insensitively, and tells the user the whole list', () => {
    const model = newModel();
    const events = queue(model, HAMLET, ['alert_words']);
    const added = expectSuccess(as(model, HAMLET).post('/users/me/alert_words', { alert_words: JSON.stringify(['one ', '\n two', '', 'Three', 'THREE']) }));
    expect(added['alert_words']).toEqual(['one', 'two', 'THREE']);
    expect(expectSuccess(as(model, HAMLET).post('/users/me/alert_words', { alert_words: '["ONE", "four"]' }))['alert_words']).toEqual([
      'one',
      'two',
      'THREE',
      'four',
    ]);
    expect(expectSuccess(as(model, HAMLET).get('/users/me/alert_words'))['alert_words']).toEqual(['one', 'two', 'THREE', 'four']);
    expect(expectSuccess(as(model, CORDELIA).get('/users/me/alert_words'))['alert_words']).toEqual([]);
    expect(events()).toEqual([
      { type: 'alert_words', alert_words: ['one', 'two', 'THREE'], id: 0 },
      { type: 'alert_words', alert_words: ['one', 'two', 'THREE', 'four'], id: 1 },
    ]);
    const registered = expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["alert_words"]' }));
    expect(registered['alert_words']).toEqual(['one', 'two', 'THREE', 'four']);
  });

  it('removes words whatever their case and ignores unknown ones', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/alert_words', { alert_words: '["alert", "multi-word word", "☃"]' }));
    const rest = expectSuccess(as(model, HAMLET).delete('/users/me/alert_words', { alert_words: '["ALert", "nothing"]' }));
    expect(rest['alert_words']).toEqual(['multi-word word', '☃']);
  });

  it('refuses a word over 100 characters and a missing list, changing nothing', () => {
    const model = newModel();
    const before = model.state;
    expectError(
      as(model, HAMLET).post('/users/me/alert_words', { alert_words: JSON.stringify(['long'.repeat(26)]) }),
      400,
      'BAD_REQUEST',
      'alert_words[0] is too long (limit: 100 characters)',
    );
    expectError(as(model, HAMLET).post('/users/me/alert_words'), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'alert_words' argument");
    expectError(as(model, HAMLET).post('/users/me/alert_words', { alert_words: '"one"' }), 400, 'BAD_REQUEST', 'alert_words is not a list');
    expect(model.state).toBe(before);
  });

  it('sets has_alert_word on whole-word, case-insensitive matches for each recipient, the sender included', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/alert_words', { alert_words: '["one", "two", "three"]' }));
    const send = (content: string, actor: Actor = IAGO) =>
      expectSuccess(as(model, actor).post('/messages', { type: 'stream', to: 'Denmark', topic: 'alerts', content }))['id'] as number;
    const alerts = (content: string) => flagsOf(model, HAMLET, send(content)).includes('has_alert_word');
    expect(
      ['Normal alert one time', 'two normal alerts', 'This one? should alert', 'Definitely time for three.', "Case of ONE, won't stop me"].map(alerts),
    ).toEqual([true, true, true, true, true]);
    expect(["Don't alert on http://t.co/one/ URLs", "Don't alert on clone, twofold or seventytwofold", 'none here'].map(alerts)).toEqual([false, false, false]);
    const id = send('one for the sender', HAMLET);
    expect(flagsOf(model, HAMLET, id)).toContain('has_alert_word');
    expect(flagsOf(model, IAGO, id)).not.toContain('has_alert_word');
  });

  it('recomputes has_alert_word when the content is edited', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/users/me/alert_words', { alert_words: '["ALERT"]' }));
    const id = expectSuccess(as(model, IAGO).post('/messages', { type: 'stream', to: 'Denmark', topic: 'edit', content: 'nothing yet' }))['id'];
    expect(flagsOf(model, HAMLET, id)).not.toContain('has_alert_word');
    expectSuccess(as(model, IAGO).patch(`/messages/${id}`, { content: 'new alert for you' }));
    expect(flagsOf(model, HAMLET, id)).toContain('has_alert_word');
    expectSuccess(as(model, IAGO).patch(`/messages/${id}`, { content: 'sorry false alarm' }));
    expect(flagsOf(model, HAMLET, id)).not.toContain('has_alert_word');
  });
});
