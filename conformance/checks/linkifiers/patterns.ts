/**
 * A property over patterns prone to catastrophic backtracking: the target accepts a pattern exactly when RE2 does
 * (re2js, a port of RE2, is the oracle), and with an accepted one a long adversarial message is still sent and
 * rendered. A server matching with a backtracking engine never answers; the check's time limit then fails it.
 */
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { type Body, expectError, expectSuccess } from '../../expect.js';
import { checkProperty, Recorder } from '../../properties/recorder.js';
import { messagesChannel } from '../messages/support.js';
import { ADD, tag } from './support.js';

const CLAUSE = 'linkifiers.render.linear';

/** Known catastrophic shapes for backtracking engines, and pieces to build more from. */
const SHAPES = ['(a+)+$', '(a|aa)+b', '(a*)*b', '(a|a?)+$', '(.*a){12}', '(x+x+)+y', '([a-z]+)*!', '(a+)+(?P<tail>b)', '(?P<run>(a|aa)+)$'];
const PIECES = ['a', 'aa', '(', ')', '+', '*', '?', '|', '{2,}', '.', '[a-z]', '\\w', '(?P<g>', '$', '(?=a)', '\\1', '++'];

const patterns = fc.oneof(
  fc.constantFrom(...SHAPES),
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join('')),
  fc.tuple(fc.constantFrom(...SHAPES), fc.constantFrom(...SHAPES)).map(([a, b]) => `${a}|${b}`),
);

const texts = fc.tuple(fc.constantFrom('a', 'aa', 'x', 'ab'), fc.integer({ min: 500, max: 2_000 }), fc.constantFrom('', '!', 'c', ' b'));

/** What RE2 says of the pattern: its named groups, or that it is refused. */
function oracle(source: string): { readonly ok: true; readonly groups: readonly string[] } | { readonly ok: false } {
  try {
    return { ok: true, groups: Object.keys(RE2JS.compile(source).namedGroups()) };
  } catch {
    return { ok: false };
  }
}

/** Shapes every run tries before the random ones: two RE2 accepts and three it refuses (lookahead, backreference, a**). */
const FIXED: readonly [string, readonly [string, number, string]][] = [
  ['(a+)+$', ['a', 3_000, '!']],
  ['(?P<run>(a|aa)+)b', ['a', 3_000, '']],
  ['(?=a)a+', ['a', 10, '']],
  ['(a)\\1', ['a', 10, '']],
  ['a**', ['a', 10, '']],
];

async function linear(ctx: CheckContext): Promise<void> {
  const recorder = new Recorder(ctx);
  const call = recorder.call;
  const channel = await messagesChannel(ctx);
  const t = tag(ctx, 'lkre');
  const attempt = (shape: string, [unit, count, end]: readonly [string, number, string]) =>
    recorder.execute(async () => {
      const pattern = `${t}${shape}`;
      const expected = oracle(pattern);
      const template = `https://re.example/${expected.ok ? expected.groups.map((group) => `{${group}}`).join('/') : ''}`;
      const response = await call(ctx.cast.administrator, 'POST', '/realm/filters', { pattern, url_template: template });
      const id = (response.body as Body | null)?.['id'];
      try {
        if (!expected.ok) {
          const body = expectError(response, 400, 'BAD_REQUEST', undefined, CLAUSE);
          if (!String(body['msg']).startsWith('Bad regular expression: ')) {
            throw new CheckFailure(
              `RE2 refuses ${JSON.stringify(pattern)}: "Bad regular expression: …", got ${JSON.stringify(body['msg'])}`,
              undefined,
              CLAUSE,
            );
          }
          return;
        }
        expectSuccess(response, CLAUSE);
        const content = `${t}${unit.repeat(count)}${end}`;
        const sent = await call(ctx.cast.member, 'POST', '/messages', { type: 'stream', to: String(channel.id), topic: ctx.unique('re2'), content });
        expectSuccess(sent, CLAUSE);
      } finally {
        if (typeof id === 'number') await call(ctx.cast.administrator, 'DELETE', `/realm/filters/${id}`);
      }
    });
  for (const [shape, text] of FIXED) await attempt(shape, text);
  const property = fc.asyncProperty(patterns, texts, (shape, text) => attempt(shape, text));
  await checkProperty(ctx, recorder, { claim: 'a pattern is accepted exactly when RE2 accepts it, and never stalls sending', clause: CLAUSE }, property);
}

export const PATTERN_CHECKS = defineChecks([
  {
    id: 'linkifiers.patterns.linear',
    title:
      'Given patterns prone to catastrophic backtracking, when each is added and a long adversarial message is sent, then the server accepts exactly what RE2 accepts and sends the message',
    clauses: [CLAUSE, 'linkifiers.validation.re2'],
    level: 'compat',
    endpoint: ADD,
    run: linear,
  },
]);
