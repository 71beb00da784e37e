import { describe, expect, it } from 'vitest';
import { newModel } from '../../testing/default-realm.js';
import { checkLinkifierDefinition, checkLinkifierOrder, type LinkifierInput, parseReverseTemplate, renderReverseTemplate } from './linkifiers.js';

const state = newModel().state;

const input = (changes: Partial<LinkifierInput>): LinkifierInput => ({
  pattern: '#(?P<id>[0-9]+)',
  urlTemplate: 'https://x.example/{id}',
  exampleInput: null,
  reverseTemplate: null,
  alternativeUrlTemplates: [],
  ...changes,
});

function refusal(changes: Partial<LinkifierInput>): unknown {
  const checked = checkLinkifierDefinition(state, input(changes));
  return checked.ok ? 'accepted' : { msg: checked.error.msg, errors: checked.error.data?.['errors'] };
}

describe('checkLinkifierDefinition', () => {
  it('accepts a definition whose template variables are exactly the named groups', () => {
    expect(refusal({})).toBe('accepted');
    expect(refusal({ pattern: 'PR-(?P<b>[0-9]+)-(?P<a>[a-z]+)', urlTemplate: 'https://x.example/{a}{?b}' })).toBe('accepted');
  });

  it('names the alphabetically first mismatching group', () => {
    expect(refusal({ urlTemplate: 'https://x.example/{zeta}/{alpha}/{id}' })).toMatchObject({
      msg: "Group 'alpha' in URL template is not present in linkifier pattern.",
    });
    expect(refusal({ pattern: '(?P<z>a)(?P<y>b)(?P<id>c)' })).toMatchObject({ msg: "Group 'y' in linkifier pattern is not present in URL template." });
  });

  it('orders field errors before the model’s own', () => {
    expect(refusal({ pattern: '  ', urlTemplate: '' })).toEqual({
      msg: 'This field cannot be blank.',
      errors: { pattern: ['This field cannot be blank.'], url_template: ['This field cannot be blank.'] },
    });
  });
});

describe('checkLinkifierOrder', () => {
  it('takes the empty list when there are no linkifiers', () => {
    expect(checkLinkifierOrder(state, []).ok).toBe(true);
    expect(checkLinkifierOrder(state, [1])).toMatchObject({
      ok: false,
      error: { msg: 'The ordered list must enumerate all existing linkifiers exactly once' },
    });
  });
});

describe('reverse templates', () => {
  it('reads {name} as a variable and doubled braces as literal ones', () => {
    const pieces = parseReverseTemplate('{{#{id}}}')!;
    expect(pieces).toEqual([{ literal: '{#' }, { variable: 'id' }, { literal: '}' }]);
    expect(renderReverseTemplate(pieces, { id: '7' })).toBe('{#7}');
    for (const bad of ['{', '}', '{}', '{a b}', 'x}y']) expect(parseReverseTemplate(bad), bad).toBeUndefined();
  });
});
