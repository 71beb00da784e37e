/**
 * What a linkifier may be: required parameters, blank and invalid values, RE2 syntax, RFC 6570 templates, the
 * template variables against the named groups, one pattern per realm, and the reverse-linkifier fields.
 */
import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError } from '../../expect.js';
import type { TargetResponse } from '../../target.js';
import { ADD, addLinkifier, listLinkifiers, tag, withLinkifiers } from './support.js';

/** A validation refusal: 400 BAD_REQUEST with `msg` (when given) and an errors object whose messages include it. */
function expectInvalid(response: TargetResponse, msg: string | undefined, clause: string): Body {
  const body = expectError(response, 400, 'BAD_REQUEST', msg, clause);
  const errors = body['errors'];
  const messages = errors !== null && typeof errors === 'object' && !Array.isArray(errors) ? Object.values(errors).flat() : undefined;
  if (messages === undefined || !messages.includes(body['msg'])) {
    throw new CheckFailure(
      `an errors object by field holding the message ${JSON.stringify(body['msg'])}, got ${JSON.stringify(errors)}`,
      undefined,
      'linkifiers.validation.errors',
    );
  }
  return body;
}

async function refusals(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkbad');
    const admin = ctx.cast.administrator;
    const before = await listLinkifiers(ctx, admin);
    const valid = { pattern: `${t}-(?P<id>[0-9]+)`, url_template: `https://x.example/${t}/{id}` };
    const post = async (params: Record<string, string>) => {
      const response = await addLinkifier(ctx, admin, params);
      made.note(response);
      return response;
    };
    expectError(await post({ pattern: valid.pattern }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'url_template' argument", 'linkifiers.add.required');
    expectError(await post({ url_template: valid.url_template }), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'pattern' argument", 'linkifiers.add.required');
    expectInvalid(await post({ ...valid, pattern: '' }), 'This field cannot be blank.', 'linkifiers.validation.blank');
    expectInvalid(await post({ ...valid, pattern: `${t}(foo` }), `Bad regular expression: missing ): ${t}(foo`, 'linkifiers.validation.re2');
    expectInvalid(
      await post({ ...valid, pattern: `${t}-(?P<id>\\d????)` }),
      'Bad regular expression: bad repetition operator: ????',
      'linkifiers.validation.re2',
    );
    expectInvalid(
      await post({ ...valid, pattern: `${t}(?=x)(?P<id>[0-9]+)` }),
      'Bad regular expression: invalid perl operator: (?=',
      'linkifiers.validation.re2',
    );
    expectInvalid(await post({ ...valid, url_template: 'https://x.example/{id' }), 'Invalid URL template.', 'linkifiers.validation.template');
    expectInvalid(await post({ ...valid, url_template: 'https://x.example/{bar++}' }), 'Invalid URL template.', 'linkifiers.validation.template');
    expectInvalid(
      await post({ ...valid, url_template: 'https://x.example/{id}/{hello}' }),
      "Group 'hello' in URL template is not present in linkifier pattern.",
      'linkifiers.validation.groups',
    );
    expectInvalid(
      await post({ ...valid, url_template: 'https://x.example/' }),
      "Group 'id' in linkifier pattern is not present in URL template.",
      'linkifiers.validation.groups',
    );
    expectInvalid(
      await post({ pattern: `${t}-(?P<zed>[0-9])(?P<beta>[0-9])(?P<id>[0-9])`, url_template: 'https://x.example/{id}' }),
      "Group 'beta' in linkifier pattern is not present in URL template.",
      'linkifiers.validation.groups',
    );
    expectEqual(await listLinkifiers(ctx, admin), before, 'the linkifiers after the refusals', 'linkifiers.validation.unchanged');
  });
}

async function oncePerRealm(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkdup');
    const params = { pattern: `${t}-(?P<id>[0-9]+)`, url_template: 'https://x.example/{id}' };
    await made.add(params);
    const again = await addLinkifier(ctx, ctx.cast.administrator, { ...params, url_template: 'https://other.example/{id}' });
    made.note(again);
    expectInvalid(again, undefined, 'linkifiers.validation.unique');
  });
}

async function reverse(ctx: CheckContext): Promise<void> {
  await withLinkifiers(ctx, async (made) => {
    const t = tag(ctx, 'lkrev');
    const base = { pattern: `${t}-(?P<id>[0-9]+)`, url_template: `https://x.example/${t}/{id}` };
    const post = async (params: Record<string, string>) => {
      const response = await addLinkifier(ctx, ctx.cast.administrator, { ...base, ...params });
      made.note(response);
      return response;
    };
    expectInvalid(await post({ example_input: `${t}-x` }), undefined, 'linkifiers.add.example-input');
    expectInvalid(await post({ example_input: `${t}-12`, reverse_template: `{{${t}}}-{id}` }), undefined, 'linkifiers.add.reverse-round-trip');
    expectInvalid(await post({ example_input: `${t}-12`, reverse_template: `${t}-{id` }), undefined, 'linkifiers.add.reverse-template');
    const braces = await made.add(
      { pattern: `\\{${t}-(?P<id>[0-9]+)\\}`, url_template: base.url_template, example_input: `{${t}-7}`, reverse_template: `{{${t}-{id}}}` },
      'linkifiers.add.reverse-template',
    );
    const id = await made.add(
      { ...base, example_input: `${t}-12`, reverse_template: `${t}-{id}`, alternative_url_templates: JSON.stringify([`https://mirror.example/${t}/{id}`]) },
      'linkifiers.add.reverse-round-trip',
    );
    const listed = (await listLinkifiers(ctx, ctx.cast.member)).filter((linkifier) => [braces, id].includes(linkifier['id']));
    expectEqual(
      listed.map((linkifier) => [linkifier['example_input'], linkifier['reverse_template'], linkifier['alternative_url_templates']]),
      [
        [`{${t}-7}`, `{{${t}-{id}}}`, []],
        [`${t}-12`, `${t}-{id}`, [`https://mirror.example/${t}/{id}`]],
      ],
      'the reverse-linkifier fields as listed',
      'linkifiers.add.alternative-templates',
    );
  });
}

export const VALIDATION_CHECKS = defineChecks([
  {
    id: 'linkifiers.validation',
    title:
      'Given an administrator, when definitions with a missing, blank or malformed pattern or template, or mismatched groups, are added, then each is refused with the real server’s text and nothing changes',
    clauses: [
      'linkifiers.add.required',
      'linkifiers.validation.errors',
      'linkifiers.validation.blank',
      'linkifiers.validation.re2',
      'linkifiers.validation.template',
      'linkifiers.validation.groups',
      'linkifiers.validation.unchanged',
    ],
    level: 'compat',
    endpoint: ADD,
    run: refusals,
  },
  {
    id: 'linkifiers.validation.unique',
    title: 'Given a linkifier, when another with the same pattern is added, then it is refused',
    clauses: ['linkifiers.validation.unique', 'linkifiers.validation.errors'],
    level: 'compat',
    endpoint: ADD,
    run: oncePerRealm,
  },
  {
    id: 'linkifiers.reverse',
    // Reverse linkifiers came at feature level 471; the scenario also adds alternative templates (478).
    since: 478,
    title:
      'Given reverse-linkifier fields, when the example does not match, the reverse template does not give it back or is malformed, then the linkifier is refused; when they agree, they are stored',
    clauses: ['linkifiers.add.example-input', 'linkifiers.add.reverse-template', 'linkifiers.add.reverse-round-trip', 'linkifiers.add.alternative-templates'],
    level: 'spec',
    endpoint: ADD,
    run: reverse,
  },
]);
