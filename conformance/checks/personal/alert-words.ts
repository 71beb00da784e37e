/** Alert words: adding, removing, the limit, and the has_alert_word flag they set. Every check removes the words it added. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { flagsOf, messagesChannel, sendToChannel } from '../messages/support.js';
import { alertWords, withAlertWords } from './support.js';

const ADD = 'POST /users/me/alert_words';

/** A word no other run or user has: letters only, so it stays one word. */
function word(ctx: CheckContext, label: string): string {
  return `${label}${ctx.unique('w').replace(/[^a-z0-9]/gi, '')}`.toLowerCase();
}

async function addAndRemove(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const [one, two] = [word(ctx, 'alpha'), word(ctx, 'beta')];
  await withAlertWords(ctx, member, [one, two], async () => {
    const before = await alertWords(ctx, member);
    expectSuccess(await ctx.call(member, 'POST', '/users/me/alert_words', { alert_words: JSON.stringify([` ${one} `]) }), 'personal.alert-words.add');
    const added = expectSuccess(
      await ctx.call(member, 'POST', '/users/me/alert_words', { alert_words: JSON.stringify(['', one.toUpperCase(), `\n${two}`, two]) }),
      'personal.alert-words.add',
    );
    expectEqual(added['alert_words'], [...before, one, two], 'the alert words after adding', 'personal.alert-words.add');
    expectEqual(await alertWords(ctx, member), [...before, one, two], 'GET /users/me/alert_words', 'personal.alert-words.add');
    const rest = expectSuccess(
      await ctx.call(member, 'DELETE', '/users/me/alert_words', { alert_words: JSON.stringify([one.toUpperCase(), word(ctx, 'never')]) }),
      'personal.alert-words.remove',
    );
    expectEqual(rest['alert_words'], [...before, two], 'the alert words after removing', 'personal.alert-words.remove');
    const tooLong = 'long'.repeat(26);
    expectError(
      await ctx.call(member, 'POST', '/users/me/alert_words', { alert_words: JSON.stringify([one, tooLong]) }),
      400,
      'BAD_REQUEST',
      'alert_words[1] is too long (limit: 100 characters)',
      'personal.alert-words.too-long',
    );
    expectEqual(await alertWords(ctx, member), [...before, two], 'the alert words after a refused add', 'personal.alert-words.too-long');
  });
}

async function flag(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  const alert = word(ctx, 'gamma');
  await withAlertWords(ctx, member, [alert], async () => {
    expectSuccess(await ctx.call(member, 'POST', '/users/me/alert_words', { alert_words: JSON.stringify([alert]) }), 'personal.alert-words.add');
    const topic = ctx.unique('alerts');
    const alerts = async (content: string) =>
      (await flagsOf(ctx, member, await sendToChannel(ctx, otherMember, channel.id, topic, content))).includes('has_alert_word');
    expectTrue(await alerts(`Is this about ${alert.toUpperCase()}?`), `has_alert_word for a message saying "${alert}"`, 'personal.alert-words.flag');
    expectTrue(await alerts(`(${alert}) at the start`), 'has_alert_word after a parenthesis', 'personal.alert-words.whole-word');
    expectTrue(!(await alerts(`un${alert}ed within a word`)), 'no has_alert_word for the word inside another', 'personal.alert-words.whole-word');
    expectTrue(!(await alerts(`see http://example.com/${alert}/ there`)), 'no has_alert_word inside a URL', 'personal.alert-words.whole-word');
    const id = await sendToChannel(ctx, member, channel.id, topic, `${alert} for others`);
    expectTrue(!(await flagsOf(ctx, otherMember, id)).includes('has_alert_word'), 'no has_alert_word for a user without the word', 'personal.alert-words.flag');
  });
}

export const ALERT_WORD_CHECKS = defineChecks([
  {
    id: 'personal.alert-words.add-remove',
    title:
      'When a member adds padded, blank and repeated words, then removes one in another case, then the list reads back cleaned, once each, and a long word is refused',
    clauses: ['personal.alert-words.add', 'personal.alert-words.remove', 'personal.alert-words.too-long'],
    level: 'compat',
    endpoint: ADD,
    run: addAndRemove,
  },
  {
    id: 'personal.alert-words.flag',
    title: 'Given a member’s alert word, when others send messages holding it, then their copy has has_alert_word only for whole-word matches',
    clauses: ['personal.alert-words.flag', 'personal.alert-words.whole-word'],
    level: 'spec',
    endpoint: ADD,
    run: flag,
  },
]);
