import { describe, expect, it } from 'vitest';
import { as, expectError, expectSuccess, HAMLET, IAGO, newModel } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;

const python = { name: 'Python playground', pygments_language: 'Python', url_template: 'https://python.example.com/?code={code}' };

function playgrounds(model: Model): Record<string, unknown>[] {
  return expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["realm_playgrounds"]' }))['realm_playgrounds'];
}

describe('code playgrounds', () => {
  it('adds and removes playgrounds, telling everyone the whole list', () => {
    const model = newModel();
    const queueId = expectSuccess(as(model, HAMLET).post('/register', { event_types: '["realm_playgrounds"]' }))['queue_id'];
    const id = expectSuccess(as(model, IAGO).post('/realm/playgrounds', { ...python, name: '  Python playground ' }))['id'];
    expect(playgrounds(model)).toEqual([{ id, name: 'Python playground', pygments_language: 'Python', url_template: python.url_template }]);
    expectSuccess(as(model, IAGO).delete(`/realm/playgrounds/${id}`));
    expect(playgrounds(model)).toEqual([]);
    const events = expectSuccess(as(model, HAMLET).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
    expect(events.map((event: Record<string, unknown>) => event['realm_playgrounds'])).toEqual([[{ id, ...python }], []]);
  });

  it('validates like the real server, field by field, and changes nothing on failure', () => {
    const model = newModel();
    expectSuccess(as(model, IAGO).post('/realm/playgrounds', python));
    const before = model.state;
    const cases: [Record<string, string>, string, Record<string, string[]>?][] = [
      [{ ...python, pygments_language: 'a$b' }, 'Invalid characters in pygments language'],
      [{ ...python, pygments_language: 'x'.repeat(41) }, 'pygments_language is too long (limit: 40 characters)'],
      [
        { ...python, url_template: 'https://x.example.com/{code' },
        'Invalid URL template.',
        {
          url_template: ['Invalid URL template.'],
          __all__: ['Realm playground with this Realm, Pygments language and Name already exists.'],
        },
      ],
      [{ ...python, url_template: 'https://x.example.com/' }, 'Missing the required variable "code" in the URL template'],
      [{ ...python, url_template: 'https://x.example.com/{code}/{x}' }, '"code" should be the only variable present in the URL template'],
      [{ ...python, name: ' ' }, 'This field cannot be blank.', { name: ['This field cannot be blank.'] }],
      [python, 'Realm playground with this Realm, Pygments language and Name already exists.'],
    ];
    for (const [params, msg, errors] of cases) {
      const body = expectError(as(model, IAGO).post('/realm/playgrounds', params), 400, 'BAD_REQUEST', msg);
      if (errors !== undefined) expect(body['errors']).toEqual(errors);
    }
    expectError(as(model, HAMLET).post('/realm/playgrounds', python), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectError(as(model, IAGO).delete('/realm/playgrounds/99'), 400, 'BAD_REQUEST', 'Invalid playground');
    expect(model.state).toBe(before);
  });

  it('clears the default code block language when its playground goes', () => {
    const model = newModel();
    const id = expectSuccess(as(model, IAGO).post('/realm/playgrounds', python))['id'];
    expectSuccess(as(model, IAGO).patch('/realm', { default_code_block_language: 'Python' }));
    expectSuccess(as(model, IAGO).delete(`/realm/playgrounds/${id}`));
    expect(model.state.realm.settings.defaultCodeBlockLanguage).toBe('');
  });
});
