import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function send(model: Model, actor: Actor, params: Record<string, string>): number {
  return expectSuccess(as(model, actor).post('/messages', params))['id'];
}

function matches(model: Model, actor: Actor, ids: readonly number[], narrow: unknown) {
  return as(model, actor).get('/messages/matches_narrow', { msg_ids: JSON.stringify(ids), narrow: JSON.stringify(narrow) });
}

describe('GET /messages/matches_narrow (facts §6.3)', () => {
  it('answers the matching messages the user holds a row for, highlighted for a search', () => {
    const model = newModel();
    const ghost = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'castle <walls>', content: 'the ghost walks' });
    const quiet = send(model, IAGO, { type: 'stream', to: 'Denmark', topic: 'castle <walls>', content: 'all quiet' });
    const body = expectSuccess(matches(model, HAMLET, [ghost, quiet, 999_999], [{ operator: 'search', operand: 'ghost' }]));
    expect(body).toEqual({
      result: 'success',
      msg: '',
      messages: { [ghost]: { match_content: '<p>the <span class="highlight">ghost</span> walks</p>', match_subject: 'castle &lt;walls&gt;' } },
    });
    expect(expectSuccess(matches(model, HAMLET, [quiet], [['topic', 'castle <walls>']]))['messages']).toEqual({
      [quiet]: { match_content: '<p>all quiet</p>', match_subject: 'castle &lt;walls&gt;' },
    });
    // Cordelia can read Denmark's history but holds no row there.
    expect(expectSuccess(matches(model, CORDELIA, [ghost], []))['messages']).toEqual({});
  });

  it('refuses a bad narrow, `with`, and a null narrow', () => {
    const model = newModel();
    expectError(matches(model, HAMLET, [1], [['with', '1']]), 400, 'BAD_NARROW', 'Invalid narrow operator: unknown operator with');
    expectError(matches(model, HAMLET, [1], null), 400, 'BAD_REQUEST', 'narrow is not a list');
    expectError(as(model, HAMLET).get('/messages/matches_narrow', { narrow: '[]' }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'msg_ids' argument");
  });
});
