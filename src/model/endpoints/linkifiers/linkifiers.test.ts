import { describe, expect, it } from 'vitest';
import { as, CHANNEL, expectError, expectSuccess, HAMLET, IAGO, newModel, POLONIUS } from '../../../testing/default-realm.js';

type Model = ReturnType<typeof newModel>;

const ISSUE = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/issues/{id}' };

function add(model: Model, params: Record<string, string>): number {
  return expectSuccess(as(model, IAGO).post('/realm/filters', params))['id'];
}

function list(model: Model, actor = HAMLET): Record<string, unknown>[] {
  return expectSuccess(as(model, actor).get('/realm/linkifiers'))['linkifiers'];
}

function listen(model: Model, capabilities: Record<string, boolean>): () => Record<string, any>[] {
  const params = { event_types: '["realm_linkifiers"]', client_capabilities: JSON.stringify({ notification_settings_null: true, ...capabilities }) };
  const queueId = expectSuccess(as(model, HAMLET).post('/register', params))['queue_id'];
  return () => expectSuccess(as(model, HAMLET).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
}

function render(model: Model, content: string): string {
  return expectSuccess(as(model, HAMLET).post('/messages/render', { content }))['rendered'];
}

describe('POST /realm/filters and GET /realm/linkifiers', () => {
  it('adds linkifiers last, with every field of the record, and lists them to any user', () => {
    const model = newModel();
    const first = add(model, ISSUE);
    const second = add(model, {
      pattern: 'PR (?P<id>[0-9]+)',
      url_template: 'https://git.example/pull/{id}',
      example_input: 'PR 12',
      reverse_template: 'PR {id}',
      alternative_url_templates: '["https://git.example/pulls/{id}"]',
    });
    expect(second).toBe(first + 1);
    expect(list(model, POLONIUS)).toEqual([
      { pattern: ISSUE.pattern, url_template: ISSUE.url_template, id: first, example_input: null, reverse_template: null, alternative_url_templates: [] },
      {
        pattern: 'PR (?P<id>[0-9]+)',
        url_template: 'https://git.example/pull/{id}',
        id: second,
        example_input: 'PR 12',
        reverse_template: 'PR {id}',
        alternative_url_templates: ['https://git.example/pulls/{id}'],
      },
    ]);
  });

  it('strips the pattern and the template before storing them', () => {
    const model = newModel();
    add(model, { pattern: `  ${ISSUE.pattern}\n`, url_template: ` ${ISSUE.url_template} ` });
    expect(list(model)[0]).toMatchObject(ISSUE);
  });

  it('is for administrators only, checked before the parameters', () => {
    const model = newModel();
    expectError(as(model, HAMLET).post('/realm/filters', ISSUE), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expectError(as(model, HAMLET).post('/realm/filters', {}), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
    expect(list(model)).toEqual([]);
  });

  it('reports the first validation message and every message by field', () => {
    const model = newModel();
    const refused = (params: Record<string, string>, msg: string) => expectError(as(model, IAGO).post('/realm/filters', params), 400, 'BAD_REQUEST', msg);
    expect(refused({ ...ISSUE, pattern: '' }, 'This field cannot be blank.')['errors']).toEqual({
      pattern: ['This field cannot be blank.'],
      __all__: ["Group 'id' in URL template is not present in linkifier pattern."],
    });
    refused({ ...ISSUE, pattern: '(foo' }, 'Bad regular expression: missing ): (foo');
    refused({ ...ISSUE, pattern: 'ZUL-(?P<id>\\d????)' }, 'Bad regular expression: bad repetition operator: ????');
    refused({ ...ISSUE, pattern: '(?=x)(?P<id>y)' }, 'Bad regular expression: invalid perl operator: (?=');
    refused({ ...ISSUE, url_template: '$fgfg' }, "Group 'id' in linkifier pattern is not present in URL template.");
    refused({ ...ISSUE, url_template: 'https://x.example/{hello}' }, "Group 'hello' in URL template is not present in linkifier pattern.");
    refused(
      { pattern: 'Z-(?P<id>\\d+)-(?P<b>\\d+)-(?P<a>\\d+)', url_template: 'https://x.example/{id}' },
      "Group 'a' in linkifier pattern is not present in URL template.",
    );
    expect(refused({ ...ISSUE, url_template: '{id' }, 'Invalid URL template.')['errors']).toEqual({ url_template: ['Invalid URL template.'] });
    expect(refused({ pattern: '(foo', url_template: '{id' }, 'Invalid URL template.')['errors']).toEqual({
      url_template: ['Invalid URL template.'],
      __all__: ['Bad regular expression: missing ): (foo'],
    });
    expectError(as(model, IAGO).post('/realm/filters', { pattern: ISSUE.pattern }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'url_template' argument");
    expect(list(model)).toEqual([]);
  });

  it('allows a pattern once per realm', () => {
    const model = newModel();
    add(model, ISSUE);
    const error = expectError(
      as(model, IAGO).post('/realm/filters', { ...ISSUE, url_template: 'https://elsewhere.example/{id}' }),
      400,
      'BAD_REQUEST',
      'Realm filter with this Realm and Pattern already exists.',
    );
    expect(error['errors']).toEqual({ __all__: ['Realm filter with this Realm and Pattern already exists.'] });
    expect(list(model)).toHaveLength(1);
  });

  it('checks the reverse-linkifier fields', () => {
    const model = newModel();
    const refused = (params: Record<string, string>, msg: string) =>
      expectError(as(model, IAGO).post('/realm/filters', { ...ISSUE, ...params }), 400, 'BAD_REQUEST', msg);
    refused({ example_input: 'issue 12' }, 'Example input does not match the linkifier pattern.');
    refused({ example_input: '#12 and more' }, 'Example input does not match the linkifier pattern.');
    refused({ reverse_template: '#{id}' }, 'A reverse template requires an example input.');
    refused({ example_input: '#12', reverse_template: '#{id' }, 'Invalid reverse template.');
    refused({ example_input: '#12', reverse_template: '#{number}' }, "Group 'number' in reverse template is not present in linkifier pattern.");
    refused({ example_input: '#12', reverse_template: 'issue {id}' }, 'Reverse template does not reproduce the example input.');
    refused({ alternative_url_templates: '["https://x.example/{other}"]' }, 'Alternative URL templates must use the same variables as the URL template.');
    refused({ alternative_url_templates: '["https://x.example/{id"]' }, 'Invalid URL template.');
    expect(list(model)).toEqual([]);
    add(model, { pattern: '\\{(?P<id>[0-9]+)\\}', url_template: 'https://x.example/{id}', example_input: '{7}', reverse_template: '{{{id}}}' });
    expect(list(model)[0]).toMatchObject({ example_input: '{7}', reverse_template: '{{{id}}}' });
  });

  it('tells every queue with linkifier_url_template the whole list, and no other queue', () => {
    const model = newModel();
    const [modern, old] = [listen(model, { linkifier_url_template: true }), listen(model, {})];
    const id = add(model, ISSUE);
    expect(modern()).toEqual([{ type: 'realm_linkifiers', realm_linkifiers: list(model), id: 0 }]);
    expect(old()).toEqual([]);
    expect(id).toBeGreaterThan(0);
  });
});

describe('PATCH and DELETE /realm/filters/{filter_id}', () => {
  it('replaces a linkifier whole in its place, and needs both pattern and url_template', () => {
    const model = newModel();
    const first = add(model, { ...ISSUE, example_input: '#1' });
    const second = add(model, { pattern: 'PR (?P<id>[0-9]+)', url_template: 'https://git.example/pull/{id}' });
    expectError(
      as(model, IAGO).patch(`/realm/filters/${first}`, { pattern: '#(?P<id>[0-9]{2,})' }),
      400,
      'REQUEST_VARIABLE_MISSING',
      "Missing 'url_template' argument",
    );
    expectSuccess(as(model, IAGO).patch(`/realm/filters/${first}`, { pattern: '#(?P<id>[0-9]{2,})', url_template: 'https://tracker.example/{id}' }));
    expect(list(model).map((linkifier) => [linkifier['id'], linkifier['pattern'], linkifier['example_input']])).toEqual([
      [first, '#(?P<id>[0-9]{2,})', null],
      [second, 'PR (?P<id>[0-9]+)', null],
    ]);
    // Its own pattern is no duplicate.
    expectSuccess(as(model, IAGO).patch(`/realm/filters/${second}`, { pattern: 'PR (?P<id>[0-9]+)', url_template: 'https://git.example/{id}' }));
    expectError(
      as(model, IAGO).patch(`/realm/filters/${second}`, { pattern: '#(?P<id>[0-9]{2,})', url_template: 'https://x.example/{id}' }),
      400,
      'BAD_REQUEST',
      'Realm filter with this Realm and Pattern already exists.',
    );
  });

  it('says "Linkifier not found." for an unknown id, before looking at the definition', () => {
    const model = newModel();
    expectError(as(model, IAGO).patch('/realm/filters/99', { pattern: '(', url_template: '{' }), 400, 'BAD_REQUEST', 'Linkifier not found.');
    expectError(as(model, IAGO).delete('/realm/filters/99'), 400, 'BAD_REQUEST', 'Linkifier not found.');
    expectError(as(model, HAMLET).delete('/realm/filters/99'), 400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  });

  it('removes a linkifier and keeps the order of the rest', () => {
    const model = newModel();
    const ids = [
      add(model, ISSUE),
      add(model, { pattern: 'A(?P<id>[0-9])', url_template: 'https://a.example/{id}' }),
      add(model, { pattern: 'B', url_template: 'https://b.example' }),
    ];
    expectSuccess(as(model, IAGO).delete(`/realm/filters/${ids[1]}`));
    expect(list(model).map((linkifier) => linkifier['id'])).toEqual([ids[0], ids[2]]);
    expectError(as(model, IAGO).delete(`/realm/filters/${ids[1]}`), 400, 'BAD_REQUEST', 'Linkifier not found.');
  });
});

describe('PATCH /realm/linkifiers', () => {
  it('sets the processing order, which rendering follows', () => {
    const model = newModel();
    const general = add(model, { pattern: '#(?P<id>[0-9]+)', url_template: 'https://general.example/{id}' });
    const specific = add(model, { pattern: '#(?P<id>1[0-9]*)', url_template: 'https://specific.example/{id}' });
    expect(render(model, '#123')).toBe('<p><a href="https://general.example/123">#123</a></p>');
    expectSuccess(as(model, IAGO).patch('/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify([specific, general]) }));
    expect(list(model).map((linkifier) => linkifier['id'])).toEqual([specific, general]);
    expect(render(model, '#123')).toBe('<p><a href="https://specific.example/123">#123</a></p>');
  });

  it('refuses duplicates first, then anything but every existing id once', () => {
    const model = newModel();
    const [a, b] = [add(model, ISSUE), add(model, { pattern: 'B', url_template: 'https://b.example' })];
    const reorder = (ids: unknown[]) => as(model, IAGO).patch('/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify(ids) });
    expectError(reorder([a, a, 999]), 400, 'BAD_REQUEST', 'The ordered list must not contain duplicated linkifiers');
    expectError(reorder([a]), 400, 'BAD_REQUEST', 'The ordered list must enumerate all existing linkifiers exactly once');
    expectError(reorder([a, b, 999]), 400, 'BAD_REQUEST', 'The ordered list must enumerate all existing linkifiers exactly once');
    expectError(as(model, HAMLET).patch('/realm/linkifiers', { ordered_linkifier_ids: JSON.stringify([b, a]) }), 400, 'UNAUTHORIZED_PRINCIPAL');
    expect(list(model).map((linkifier) => linkifier['id'])).toEqual([a, b]);
  });

  it('accepts an empty list when there are no linkifiers, without an event', () => {
    const model = newModel();
    const events = listen(model, { linkifier_url_template: true });
    expectSuccess(as(model, IAGO).patch('/realm/linkifiers', { ordered_linkifier_ids: '[]' }));
    expect(events()).toEqual([]);
  });
});

describe('GET /realm/filters', () => {
  it('is gone: 405 with the JSON error and the allowed methods', () => {
    const model = newModel();
    const response = as(model, HAMLET).get('/realm/filters');
    expect(response.status).toBe(405);
    expect(response.body).toMatchObject({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
  });
});

describe('rendering with linkifiers', () => {
  it('links matches in new messages and topics; messages already sent keep their rendering', () => {
    const model = newModel();
    const before = expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: 'general', topic: 'fix #7', content: 'see #7' }))['id'];
    add(model, ISSUE);
    const after = expectSuccess(as(model, HAMLET).post('/messages', { type: 'stream', to: 'general', topic: 'fix #7', content: 'see #7' }))['id'];
    const read = (id: number) => expectSuccess(as(model, HAMLET).get(`/messages/${id}`))['message'];
    expect(read(before)['content']).toBe('<p>see #7</p>');
    expect(read(after)['content']).toBe('<p>see <a href="https://tracker.example/issues/7">#7</a></p>');
    expect(read(after)['topic_links']).toEqual([{ text: '#7', url: 'https://tracker.example/issues/7' }]);
    expect(read(after)['stream_id']).toBe(CHANNEL.general);
  });
});
