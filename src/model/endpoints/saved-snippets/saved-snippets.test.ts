import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, HAMLET_BOT, newModel, T0 } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';
import { trimWhiteSpace } from './params.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

function create(model: Model, actor: Actor, title: string, content: string): number {
  return expectSuccess(as(model, actor).post('/saved_snippets', { title, content }))['saved_snippet_id'];
}

function list(model: Model, actor: Actor): Record<string, unknown>[] {
  return expectSuccess(as(model, actor).get('/saved_snippets'))['saved_snippets'];
}

const NOT_FOUND = 'Saved snippet does not exist.';

describe('POST and GET /saved_snippets', () => {
  it('stores a trimmed snippet stamped with the request time and lists only the caller’s own', () => {
    const model = newModel();
    const first = create(model, HAMLET, '  Greeting \n', '\t**Welcome** to Elsinore.  ');
    const second = create(model, HAMLET, 'Farewell', 'Goodnight, sweet prince.');
    create(model, CORDELIA, 'Cordelia’s', 'Nothing.');
    const listed = list(model, HAMLET);
    expect(listed).toEqual([
      { id: first, title: 'Greeting', content: '**Welcome** to Elsinore.', date_created: expect.any(Number) },
      { id: second, title: 'Farewell', content: 'Goodnight, sweet prince.', date_created: expect.any(Number) },
    ]);
    expect(listed[0]!['date_created']).toBeGreaterThan(T0);
    expect(list(model, CORDELIA).map((snippet) => snippet['title'])).toEqual(['Cordelia’s']);
    // Bots keep snippets too: the real server's views take any user.
    create(model, HAMLET_BOT, 'Bot', 'beep');
    expect(list(model, HAMLET_BOT)).toHaveLength(1);
  });

  it('refuses a blank or too long title or content with the real server’s texts, and stores nothing', () => {
    const model = newModel();
    const before = model.state;
    const refuse = (params: Record<string, string>, code: string, msg: string) =>
      expectError(as(model, HAMLET).post('/saved_snippets', params), 400, code, msg);
    refuse({ title: '   ', content: 'c' }, 'BAD_REQUEST', 'title cannot be blank');
    refuse({ title: 't', content: '\n\n' }, 'BAD_REQUEST', 'content cannot be blank');
    refuse({ title: 'x'.repeat(61), content: 'c' }, 'BAD_REQUEST', 'title is too long (limit: 60 characters)');
    refuse({ title: 't', content: 'x'.repeat(10_001) }, 'BAD_REQUEST', 'content is too long (limit: 10000 characters)');
    refuse({ content: 'c' }, 'REQUEST_VARIABLE_MISSING', "Missing 'title' argument");
    refuse({ title: 't' }, 'REQUEST_VARIABLE_MISSING', "Missing 'content' argument");
    expect(model.state).toBe(before);
    // Limits count code points, after the trim.
    create(model, HAMLET, `  ${'🐙'.repeat(60)}  `, 'c');
  });

  it('trims as the real server’s parameters do: Unicode White_Space, then Python’s strip on create', () => {
    expect(trimWhiteSpace('\u0085\u00a0x\u3000 ')).toBe('x');
    expect(trimWhiteSpace('\ufeffx')).toBe('\ufeffx');
    const model = newModel();
    const id = create(model, HAMLET, '\u001ctitle', 'content\u001f');
    expect(list(model, HAMLET).find((snippet) => snippet['id'] === id)).toMatchObject({ title: 'title', content: 'content' });
  });
});

describe('PATCH /saved_snippets/{saved_snippet_id}', () => {
  it('changes the title, the content or both', () => {
    const model = newModel();
    const id = create(model, HAMLET, 'Old', 'old body');
    expectSuccess(as(model, HAMLET).patch(`/saved_snippets/${id}`, { title: ' New ' }));
    expect(list(model, HAMLET)).toMatchObject([{ id, title: 'New', content: 'old body' }]);
    expectSuccess(as(model, HAMLET).patch(`/saved_snippets/${id}`, { content: 'new body' }));
    expectSuccess(as(model, HAMLET).patch(`/saved_snippets/${id}`, { title: 'Both', content: 'both' }));
    expect(list(model, HAMLET)).toMatchObject([{ id, title: 'Both', content: 'both' }]);
  });

  it('answers a missing id and another user’s snippet alike: 404 BAD_REQUEST, nothing changed', () => {
    const model = newModel();
    const id = create(model, HAMLET, 'Mine', 'mine');
    const before = model.state;
    const missing = expectError(as(model, HAMLET).patch('/saved_snippets/987654', { title: 'x' }), 404, 'BAD_REQUEST', NOT_FOUND);
    const foreign = expectError(as(model, CORDELIA).patch(`/saved_snippets/${id}`, { title: 'x' }), 404, 'BAD_REQUEST', NOT_FOUND);
    expect(foreign).toEqual(missing);
    expect(model.state).toBe(before);
  });

  it('succeeds at once with neither field, whatever the id names, and sends nothing', () => {
    const model = newModel();
    const id = create(model, HAMLET, 'Mine', 'mine');
    const events = listen(model, HAMLET);
    const before = model.state;
    expectSuccess(as(model, HAMLET).patch(`/saved_snippets/${id}`));
    expectSuccess(as(model, HAMLET).patch('/saved_snippets/987654'));
    expectSuccess(as(model, CORDELIA).patch(`/saved_snippets/${id}`, { unrelated: 'x' }));
    expect(model.state).toBe(before);
    expect(events()).toEqual([]);
  });

  it('checks the values before the id', () => {
    const model = newModel();
    expectError(as(model, HAMLET).patch('/saved_snippets/987654', { title: ' ' }), 400, 'BAD_REQUEST', 'title cannot be blank');
  });
});

describe('DELETE /saved_snippets/{saved_snippet_id}', () => {
  it('removes the caller’s snippet; another user’s or a missing one is 404', () => {
    const model = newModel();
    const id = create(model, HAMLET, 'Gone', 'soon');
    expectError(as(model, CORDELIA).delete(`/saved_snippets/${id}`), 404, 'BAD_REQUEST', NOT_FOUND);
    expect(list(model, HAMLET)).toHaveLength(1);
    expectSuccess(as(model, HAMLET).delete(`/saved_snippets/${id}`));
    expect(list(model, HAMLET)).toEqual([]);
    expectError(as(model, HAMLET).delete(`/saved_snippets/${id}`), 404, 'BAD_REQUEST', NOT_FOUND);
  });
});

describe('saved snippet events and register', () => {
  it('tells the owner alone of each change, and register agrees with the events', () => {
    const model = newModel();
    const [hamlet, cordelia] = [listen(model, HAMLET), listen(model, CORDELIA)];
    const id = create(model, HAMLET, 'Title', 'Body');
    expectSuccess(as(model, HAMLET).patch(`/saved_snippets/${id}`, { content: 'Changed' }));
    const registered = expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["saved_snippets"]' }))['saved_snippets'];
    expect(registered).toEqual([{ id, title: 'Title', content: 'Changed', date_created: expect.any(Number) }]);
    expectSuccess(as(model, HAMLET).delete(`/saved_snippets/${id}`));
    const created = { id, title: 'Title', content: 'Body', date_created: registered[0].date_created };
    expect(hamlet()).toEqual([
      { type: 'saved_snippets', op: 'add', saved_snippet: created },
      { type: 'saved_snippets', op: 'update', saved_snippet: registered[0] },
      { type: 'saved_snippets', op: 'remove', saved_snippet_id: id },
    ]);
    expect(cordelia()).toEqual([]);
    expect(expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["saved_snippets"]' }))['saved_snippets']).toEqual([]);
  });

  it('keeps each user’s snippets in a table of their own, so a write copies only that user’s', () => {
    const model = newModel();
    create(model, CORDELIA, 'Theirs', 'x');
    const cordelias = model.state.savedSnippetsByUser;
    create(model, HAMLET, 'Mine', 'y');
    expect(model.state.savedSnippetsByUser.size).toBe(2);
    expect(model.state.counters.nextSavedSnippetId).toBe(3);
    expect(cordelias.size).toBe(1);
  });
});
