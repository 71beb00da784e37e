import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseParams } from '../params/parse.js';
import { narrowParam, parseNarrow } from './parse.js';

function errorOf(raw: unknown): string {
  const parsed = parseNarrow(raw);
  if (parsed.ok) throw new Error(`expected an error for ${JSON.stringify(raw)}`);
  expect(parsed.error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  return parsed.error.msg;
}

describe('parseNarrow (reference server-messages-channels §6.1)', () => {
  it('reads dict terms and legacy pairs, negated defaulting to false', () => {
    const parsed = parseNarrow([
      { operator: 'channel', operand: 'Denmark' },
      ['topic', 'castle'],
      { operator: 'sender', operand: 4, negated: true, ignored: 'extra keys are dropped' },
      { operator: 'dm', operand: [4, 5] },
    ]);
    expect(parsed).toEqual({
      ok: true,
      value: [
        { operator: 'channel', operand: 'Denmark', negated: false },
        { operator: 'topic', operand: 'castle', negated: false },
        { operator: 'sender', operand: 4, negated: true },
        { operator: 'dm', operand: [4, 5], negated: false },
      ],
    });
  });

  it('reads null and the empty list as no narrow', () => {
    expect(parseNarrow(null)).toEqual({ ok: true, value: [] });
    expect(parseNarrow([])).toEqual({ ok: true, value: [] });
  });

  it('refuses a narrow that is not a list', () => {
    expect(errorOf({ operator: 'is', operand: 'starred' })).toBe('narrow is not a list');
    expect(errorOf('is:starred')).toBe('narrow is not a list');
  });

  it('refuses malformed elements in the words of the term model, naming the element', () => {
    expect(errorOf([['channel']])).toBe('Invalid narrow[0]: Value error, element is not a string pair');
    expect(errorOf([['channel', 5]])).toBe('Invalid narrow[0]: Value error, element is not a string pair');
    expect(errorOf([['is', 'starred'], 7])).toBe('Invalid narrow[1]: Value error, dict or list required');
    expect(errorOf([{ operator: 'is' }])).toBe('Invalid narrow[0]: Value error, operand is missing');
    expect(errorOf([{ operator: 'is', operand: null }])).toBe('Invalid narrow[0]: Value error, operand is missing');
    expect(errorOf([{}])).toBe('Invalid narrow[0]: Value error, operand is missing');
    expect(errorOf([{ operand: 'starred' }])).toBe('Invalid narrow[0]: Value error, operator is missing');
  });

  it('checks the typed fields before the operand', () => {
    expect(errorOf([{ operator: 5, operand: {} }])).toBe('narrow[0]["operator"] is not a string');
    expect(errorOf([{ operator: 'is', operand: 'starred', negated: 'yes' }])).toBe('narrow[0]["negated"] is not a boolean');
    expect(errorOf([{ operator: 'is', operand: 'starred', negated: null }])).toBe('narrow[0]["negated"] is not a boolean');
  });

  it('checks the operand type for its operator', () => {
    expect(errorOf([{ operator: 'channel', operand: ['Denmark'] }])).toBe('operand is not a string or integer');
    expect(errorOf([{ operator: 'with', operand: 1.5 }])).toBe('operand is not a string or integer');
    expect(errorOf([{ operator: 'dm', operand: { id: 4 } }])).toBe('operand is not a string or an integer list');
    expect(errorOf([{ operator: 'pm-with', operand: [4, 'x'] }])).toBe('operand[1] is not an integer');
    expect(errorOf([{ operator: 'is', operand: 5 }])).toBe('operand is not a string');
    // The underscore spelling is not among the id operators.
    expect(errorOf([{ operator: 'pm_with', operand: [4] }])).toBe('operand is not a string');
    expect(errorOf([{ operator: 'near', operand: 12 }])).toBe('operand is not a string');
    expect(errorOf([{ operator: 'search', operand: '   ' }])).toBe('operand cannot be blank.');
    expect(errorOf([['search', '']])).toBe('operand cannot be blank.');
  });

  it('accepts any operand string for operators it does not know (the builder refuses them later)', () => {
    expect(parseNarrow([{ operator: 'colour', operand: 'blue' }]).ok).toBe(true);
  });

  it('is a wire codec whose errors carry the parameter name', () => {
    const schema = z.object({ narrow: narrowParam().optional() });
    expect(parseParams(schema, { narrow: '[' })).toMatchObject({ ok: false, error: { msg: 'narrow is not valid JSON' } });
    expect(parseParams(schema, { narrow: '[{"operator": "is"}]' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_REQUEST', msg: 'Invalid narrow[0]: Value error, operand is missing' },
    });
    expect(parseParams(schema, { narrow: '[["is", "starred"]]' })).toMatchObject({
      ok: true,
      value: { narrow: [{ operator: 'is', operand: 'starred', negated: false }] },
    });
  });
});
