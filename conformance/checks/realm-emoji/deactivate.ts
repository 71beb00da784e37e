/** DELETE /realm/emoji/{emoji_name}: who may deactivate, what stays listed, unknown names. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess } from '../../expect.js';
import { DEACTIVATE, emojiName, emojiNamed, emojiPath, withEmoji } from './support.js';

const NOT_ALLOWED = 'Must be an organization administrator or emoji author';
/** Changelog 190: an emoji that does not exist is 404; before, 400. */
const MISSING_EMOJI_404_SINCE = 190;

function missingStatus(ctx: CheckContext): number {
  return ctx.featureLevel >= MISSING_EMOJI_404_SINCE ? 404 : 400;
}

async function whoMay(ctx: CheckContext): Promise<void> {
  const { member, otherMember, guest, administrator } = ctx.cast;
  await withEmoji(ctx, async (made) => {
    const own = emojiName(ctx, 'own');
    const other = emojiName(ctx, 'others');
    const ownEmoji = await made.add(member, own);
    const otherEmoji = await made.add(member, other);
    for (const refused of [otherMember, guest]) {
      expectError(await ctx.call(refused, 'DELETE', emojiPath(own)), 400, 'BAD_REQUEST', NOT_ALLOWED, 'realm-emoji.deactivate.who');
    }
    expectEqual(
      (await emojiNamed(ctx, own)).map((emoji) => emoji['deactivated']),
      [false],
      `${own} after refused deactivations`,
      'realm-emoji.deactivate.who',
    );
    expectSuccess(await ctx.call(member, 'DELETE', emojiPath(own)), 'realm-emoji.deactivate.who');
    expectSuccess(await ctx.call(administrator, 'DELETE', emojiPath(other)), 'realm-emoji.deactivate.who');
    for (const [name, emoji] of [
      [own, ownEmoji],
      [other, otherEmoji],
    ] as const) {
      expectEqual(
        await emojiNamed(ctx, name, guest),
        [{ ...emoji, deactivated: true }],
        `${name} as listed after its deactivation`,
        'realm-emoji.deactivate.listed',
      );
    }
    expectError(
      await ctx.call(member, 'DELETE', emojiPath(own)),
      missingStatus(ctx),
      'BAD_REQUEST',
      `Emoji '${own}' does not exist`,
      'realm-emoji.deactivate.unknown',
    );
  });
}

async function unknown(ctx: CheckContext): Promise<void> {
  const name = emojiName(ctx, 'never');
  expectError(
    await ctx.call(ctx.cast.administrator, 'DELETE', emojiPath(name)),
    missingStatus(ctx),
    'BAD_REQUEST',
    `Emoji '${name}' does not exist`,
    'realm-emoji.deactivate.unknown',
  );
}

export const DEACTIVATE_EMOJI_CHECKS = defineChecks([
  {
    id: 'realm-emoji.deactivate.rules',
    title:
      'Given two emoji a member added, when another member and a guest try to deactivate one, then they are refused; the author and an administrator succeed, the emoji stay listed as deactivated, and a second deactivation is a 404',
    clauses: ['realm-emoji.deactivate.who', 'realm-emoji.deactivate.listed', 'realm-emoji.deactivate.unknown'],
    level: 'compat',
    endpoint: DEACTIVATE,
    run: whoMay,
  },
  {
    id: 'realm-emoji.deactivate.unknown',
    title: 'Given a name no custom emoji has, when an administrator deactivates it, then the answer is 404 "Emoji \'<name>\' does not exist"',
    clauses: ['realm-emoji.deactivate.unknown'],
    level: 'compat',
    endpoint: DEACTIVATE,
    run: unknown,
  },
]);
