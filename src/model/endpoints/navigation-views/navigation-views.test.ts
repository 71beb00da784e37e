import { describe, expect, it } from 'vitest';
import { as, CORDELIA, expectError, expectSuccess, HAMLET, newModel } from '../../../testing/default-realm.js';
import { listen } from '../user-groups/test-helpers.js';

type Model = ReturnType<typeof newModel>;

function views(model: Model, actor = HAMLET): Record<string, unknown>[] {
  return expectSuccess(as(model, actor).get('/navigation_views'))['navigation_views'];
}

describe('POST and GET /navigation_views', () => {
  it('keeps built-in views unnamed and custom views named, in the order added, per user', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/navigation_views', { fragment: 'narrow/is/starred', is_pinned: 'false' }));
    expectSuccess(as(model, HAMLET).post('/navigation_views', { fragment: ' narrow/channel/2-Denmark ', is_pinned: 'true', name: ' Denmark ' }));
    expect(views(model)).toEqual([
      { fragment: 'narrow/is/starred', is_pinned: false, name: null },
      { fragment: 'narrow/channel/2-Denmark', is_pinned: true, name: 'Denmark' },
    ]);
    expect(views(model, CORDELIA)).toEqual([]);
  });

  it('refuses names on built-in views, unnamed custom views and duplicates, changing nothing', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/navigation_views', { fragment: 'narrow/x', is_pinned: 'true', name: 'X' }));
    const before = model.state;
    const refuse = (params: Record<string, string>, msg: string, code = 'BAD_REQUEST') =>
      expectError(as(model, HAMLET).post('/navigation_views', params), 400, code, msg);
    refuse({ fragment: 'inbox', is_pinned: 'true', name: 'Mine' }, 'Built-in views cannot have a custom name.');
    refuse({ fragment: 'narrow/y', is_pinned: 'true' }, 'Custom views must have a valid name.');
    refuse({ fragment: 'narrow/x', is_pinned: 'true', name: 'Other' }, 'Navigation view already exists.');
    refuse({ fragment: 'narrow/y', is_pinned: 'true', name: 'X' }, 'Navigation view already exists.');
    refuse({ fragment: '  ', is_pinned: 'true', name: 'Z' }, 'fragment cannot be blank');
    refuse({ fragment: 'narrow/y', is_pinned: 'yes', name: 'Z' }, 'is_pinned is not valid JSON');
    refuse({ fragment: 'narrow/y', name: 'Z' }, "Missing 'is_pinned' argument", 'REQUEST_VARIABLE_MISSING');
    expect(model.state).toBe(before);
    // Another user's names and fragments are theirs.
    expectSuccess(as(model, CORDELIA).post('/navigation_views', { fragment: 'narrow/x', is_pinned: 'true', name: 'X' }));
  });
});

describe('PATCH and DELETE /navigation_views/{fragment}', () => {
  it('finds the view by its fragment sent raw or percent-encoded, and changes what is given', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/navigation_views', { fragment: 'narrow/test/a', is_pinned: 'true', name: 'A' }));
    expectSuccess(as(model, HAMLET).patch('/navigation_views/narrow%2Ftest%2Fa', { is_pinned: 'false', name: 'B' }));
    expect(views(model)).toEqual([{ fragment: 'narrow/test/a', is_pinned: false, name: 'B' }]);
    expectSuccess(as(model, HAMLET).patch('/navigation_views/narrow/test/a', { is_pinned: 'true' }));
    expect(views(model)).toEqual([{ fragment: 'narrow/test/a', is_pinned: true, name: 'B' }]);
  });

  it('checks the name before the lookup; a missing view (or another user’s) is a 404', () => {
    const model = newModel();
    expectSuccess(as(model, HAMLET).post('/navigation_views', { fragment: 'narrow/a', is_pinned: 'true', name: 'A' }));
    expectSuccess(as(model, HAMLET).post('/navigation_views', { fragment: 'recent', is_pinned: 'true' }));
    const before = model.state;
    expectError(as(model, HAMLET).patch('/navigation_views/recent', { name: 'R' }), 400, 'BAD_REQUEST', 'Built-in views cannot have a custom name.');
    expectError(as(model, HAMLET).patch('/navigation_views/narrow/none', { name: 'A' }), 400, 'BAD_REQUEST', 'Navigation view already exists.');
    expectError(as(model, HAMLET).patch('/navigation_views/narrow/none', { is_pinned: 'true' }), 404, 'BAD_REQUEST', 'Navigation view does not exist.');
    expectError(as(model, CORDELIA).delete('/navigation_views/narrow/a'), 404, 'BAD_REQUEST', 'Navigation view does not exist.');
    expect(model.state).toBe(before);
    expectSuccess(as(model, HAMLET).delete('/navigation_views/narrow%2Fa'));
    expect(views(model)).toEqual([{ fragment: 'recent', is_pinned: true, name: null }]);
  });
});

describe('navigation view events and register', () => {
  it('tells the owner alone, with update data holding exactly what was given, and register agrees', () => {
    const model = newModel();
    const [hamlet, cordelia] = [listen(model, HAMLET), listen(model, CORDELIA)];
    expectSuccess(as(model, HAMLET).post('/navigation_views', { fragment: 'narrow/a', is_pinned: 'true', name: 'A' }));
    expectSuccess(as(model, HAMLET).patch('/navigation_views/narrow/a', { is_pinned: 'false' }));
    expectSuccess(as(model, HAMLET).patch('/navigation_views/narrow/a'));
    expect(expectSuccess(as(model, HAMLET).post('/register', { fetch_event_types: '["navigation_views"]' }))['navigation_views']).toEqual(views(model));
    expectSuccess(as(model, HAMLET).delete('/navigation_views/narrow/a'));
    expect(hamlet()).toEqual([
      { type: 'navigation_view', op: 'add', navigation_view: { fragment: 'narrow/a', is_pinned: true, name: 'A' } },
      { type: 'navigation_view', op: 'update', fragment: 'narrow/a', data: { is_pinned: false } },
      { type: 'navigation_view', op: 'update', fragment: 'narrow/a', data: {} },
      { type: 'navigation_view', op: 'remove', fragment: 'narrow/a' },
    ]);
    expect(cordelia()).toEqual([]);
  });
});
