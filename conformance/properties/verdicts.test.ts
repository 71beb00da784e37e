/** Which built bad requests a conforming server must refuse: the false alarms the soak found stay fixed. */
import { describe, expect, it } from 'vitest';
import { buildRequest, type Mutation } from '../arbitraries/bad-request.js';
import type { PropertyEnv } from './endpoint-spec.js';
import { ENDPOINT_SPECS } from './endpoints.js';

const actor = (name: string, userId: number) => ({ email: `${name}@chatref.test`, apiKey: 'k', userId, fullName: name, role: 400 });

const ENV: PropertyEnv = {
  owner: { ...actor('owner', 1), role: 100 },
  self: actor('self', 2),
  target: { id: 3, email: 'target@chatref.test' },
  deactivated: actor('gone', 4),
  channel: { id: 5, name: 'c' },
  spareChannel: { id: 6, name: 'd' },
  group: { id: 7 },
  spareGroup: { id: 8 },
  message: { id: 9 },
  deletedMessage: { id: 10 },
  unique: (label) => `run-${label}`,
  domain: 'chatref.test',
};

/** `sets` are wrong values for their kind; `odd` are values the kind allows (a string). */
function verdict(operation: string, sets: Record<string, string>, drops: string[] = [], odd: Record<string, string> = {}) {
  const spec = ENDPOINT_SPECS.find((candidate) => candidate.operation === operation);
  if (spec === undefined) throw new Error(`no spec ${operation}`);
  const mutations: Mutation[] = [
    ...drops.map((param) => ({ kind: 'drop' as const, param })),
    ...Object.entries(sets).map(([param, value]) => ({ kind: 'set' as const, param, value: { value, verdict: 'invalid' as const } })),
    ...Object.entries(odd).map(([param, value]) => ({ kind: 'set' as const, param, value: { value, verdict: 'maybe' as const } })),
  ];
  return buildRequest(spec, ENV, mutations);
}

describe('bad-input verdicts', () => {
  it('lets an empty emoji_name clear the status emoji whatever the type (the server reads no type then)', () => {
    expect(verdict('update-status', { reaction_type: '"unicode_emoji"' }, [], { emoji_name: '' }).verdict).toBe('maybe');
    expect(verdict('update-status', { reaction_type: '"unicode_emoji"' }, [], { emoji_name: 'octopus' }).verdict).toBe('invalid');
  });

  it('refuses a status update with an emoji code or type but no emoji_name, or with nothing to change', () => {
    expect(verdict('update-status', { emoji_code: '1f419' }, []).reasons).toContain('emoji_code or reaction_type is passed without emoji_name');
    expect(verdict('update-status', {}, ['status_text']).reasons).toContain('none of away, status_text, emoji_name is passed');
    expect(verdict('update-status', { status_text: 'x'.repeat(61) }).verdict).toBe('invalid');
  });

  it('accepts JSON null where the real server declares Json[X | None]', () => {
    expect(verdict('set-typing-status', { to: 'null' }).verdict).toBe('maybe');
    expect(verdict('register-queue', { event_types: 'null' }).verdict).toBe('maybe');
    expect(verdict('get-messages', { narrow: 'null' }).verdict).toBe('maybe');
    expect(verdict('set-typing-status', { to: '[1,' }).verdict).toBe('invalid');
  });

  it('accepts a saved snippet PATCH with nothing to change whatever its id names, and refuses one with a title for an unknown id', () => {
    const spec = ENDPOINT_SPECS.find((candidate) => candidate.operation === 'edit-saved-snippet')!;
    const unknown: Mutation = { kind: 'path', param: 'saved_snippet_id', segment: '1999999999' };
    expect(buildRequest(spec, ENV, [unknown, { kind: 'drop', param: 'title' }]).verdict).toBe('maybe');
    expect(buildRequest(spec, ENV, [unknown]).verdict).toBe('invalid');
  });
});
