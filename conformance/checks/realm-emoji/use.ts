/** Custom emoji where they are used: reactions, statuses, rendered messages, and the image itself. */
import { type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { messagesChannel, readMessage, sendToChannel } from '../messages/support.js';
import { emojiName, emojiPath, pngImage, UPLOAD, withEmoji } from './support.js';

const REACT = 'POST /messages/{message_id}/reactions';

function reactionRows(message: Body): unknown[] {
  const reactions = message['reactions'];
  return Array.isArray(reactions) ? (reactions as Body[]).map((r) => [r['emoji_name'], r['emoji_code'], r['reaction_type'], r['user_id']]) : [];
}

async function reactions(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const channel = await messagesChannel(ctx);
  await withEmoji(ctx, async (made) => {
    const name = emojiName(ctx, 'react');
    const emoji = await made.add(member, name);
    const id = await sendToChannel(ctx, member, channel.id, ctx.unique('emoji-react'), 'react with a custom emoji');
    expectSuccess(await ctx.call(member, 'POST', `/messages/${id}/reactions`, { emoji_name: name }), 'realm-emoji.reaction.type-derived');
    expectSuccess(
      await ctx.call(otherMember, 'POST', `/messages/${id}/reactions`, { emoji_name: name, emoji_code: String(emoji['id']), reaction_type: 'realm_emoji' }),
      'realm-emoji.reaction.code-is-id',
    );
    expectEqual(
      reactionRows(await readMessage(ctx, otherMember, id)),
      [
        [name, emoji['id'], 'realm_emoji', member.userId],
        [name, emoji['id'], 'realm_emoji', otherMember.userId],
      ],
      `message ${id}'s reactions: the emoji's id as code, type realm_emoji`,
      'realm-emoji.reaction.code-is-id',
    );
    expectSuccess(await ctx.call(member, 'DELETE', emojiPath(name)), 'realm-emoji.reaction.deactivated');
    const later = await sendToChannel(ctx, member, channel.id, ctx.unique('emoji-react'), 'too late for it');
    expectError(
      await ctx.call(member, 'POST', `/messages/${later}/reactions`, { emoji_name: name, emoji_code: String(emoji['id']), reaction_type: 'realm_emoji' }),
      400,
      'BAD_REQUEST',
      'This custom emoji has been deactivated.',
      'realm-emoji.reaction.deactivated',
    );
    expectEqual(reactionRows(await readMessage(ctx, member, later)), [], `message ${later}'s reactions after the refusal`, 'realm-emoji.reaction.deactivated');
    expectEqual(
      reactionRows(await readMessage(ctx, member, id)).length,
      2,
      `message ${id}'s reactions after the deactivation`,
      'realm-emoji.reaction.deactivated',
    );
  });
}

async function rendering(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const channel = await messagesChannel(ctx);
  await withEmoji(ctx, async (made) => {
    const name = emojiName(ctx, 'render');
    const emoji = await made.add(member, name);
    const shown = await sendToChannel(ctx, member, channel.id, ctx.unique('emoji-render'), `look :${name}:`);
    const image = `<img alt=":${name}:" class="emoji" src="${emoji['source_url']}" title="${name.replace(/_/g, ' ')}">`;
    expectEqual((await readMessage(ctx, member, shown))['content'], `<p>look ${image}</p>`, 'the rendered custom emoji', 'realm-emoji.render.active');
    expectSuccess(await ctx.call(member, 'DELETE', emojiPath(name)), 'realm-emoji.render.deactivated');
    const plain = await sendToChannel(ctx, member, channel.id, ctx.unique('emoji-render'), `look :${name}:`);
    expectEqual(
      (await readMessage(ctx, member, plain))['content'],
      `<p>look :${name}:</p>`,
      'a deactivated custom emoji in a new message',
      'realm-emoji.render.deactivated',
    );
  });
}

async function status(ctx: CheckContext): Promise<void> {
  const user = await ctx.newUser();
  await withEmoji(ctx, async (made) => {
    const name = emojiName(ctx, 'status');
    const emoji = await made.add(ctx.cast.member, name);
    expectSuccess(await ctx.call(user, 'POST', '/users/me/status', { emoji_name: name }), 'realm-emoji.status');
    const read = expectSuccess(await ctx.call(ctx.cast.member, 'GET', `/users/${user.userId}/status`), 'realm-emoji.status')['status'] as Body;
    expectEqual([read['emoji_name'], read['emoji_code'], read['reaction_type']], [name, emoji['id'], 'realm_emoji'], 'the status emoji', 'realm-emoji.status');
  });
}

async function image(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  await withEmoji(ctx, async (made) => {
    const name = emojiName(ctx, 'image');
    const url = String((await made.add(member, name))['source_url']);
    const served = await ctx.fetch(null, 'GET', url);
    expectEqual(served.status, 200, `GET ${url} without authentication`, 'realm-emoji.image.served');
    expectEqual(served.headers['content-type'], 'image/png', 'the image’s Content-Type', 'realm-emoji.image.served');
    expectEqual([...served.bytes], [...pngImage()], 'the image’s bytes', 'realm-emoji.image.served');
    expectSuccess(await ctx.call(member, 'DELETE', emojiPath(name)), 'realm-emoji.image.deactivated-served');
    expectEqual((await ctx.fetch(null, 'GET', url)).status, 200, `GET ${url} after the deactivation`, 'realm-emoji.image.deactivated-served');
    const missing = await ctx.fetch(null, 'GET', url.replace(/[^/]+\.png$/, 'no-such-emoji.png'));
    expectEqual(missing.status, 404, 'an emoji image path no emoji has', 'realm-emoji.image.missing');
    expectTrue(
      (missing.headers['content-type'] ?? '').startsWith('text/html'),
      `an HTML 404, got ${missing.headers['content-type']}`,
      'realm-emoji.image.missing',
    );
  });
}

export const EMOJI_USE_CHECKS = defineChecks([
  {
    id: 'realm-emoji.reactions',
    title:
      'Given a custom emoji, when members react with its name and with its id, then both reactions have its id as code and type realm_emoji; once deactivated it is refused for new reactions and the old ones stay',
    clauses: ['realm-emoji.reaction.type-derived', 'realm-emoji.reaction.code-is-id', 'realm-emoji.reaction.deactivated'],
    level: 'spec',
    endpoint: REACT,
    run: reactions,
  },
  {
    id: 'realm-emoji.render',
    title: 'Given a custom emoji, when a message uses :name:, then it renders as the emoji’s image; after deactivation a new message keeps the text',
    clauses: ['realm-emoji.render.active', 'realm-emoji.render.deactivated'],
    level: 'compat',
    endpoint: 'POST /messages',
    run: rendering,
  },
  {
    id: 'realm-emoji.status',
    title: 'Given a custom emoji, when a user sets it as status emoji by name, then the status has its id as code and type realm_emoji',
    clauses: ['realm-emoji.status'],
    level: 'compat',
    endpoint: 'POST /users/me/status',
    run: status,
  },
  {
    id: 'realm-emoji.image',
    title:
      'Given an uploaded PNG emoji, when its source_url is fetched without authentication, then the PNG comes back, also after deactivation; a path no emoji has is an HTML 404',
    clauses: ['realm-emoji.image.served', 'realm-emoji.image.deactivated-served', 'realm-emoji.image.missing'],
    level: 'compat',
    endpoint: UPLOAD,
    run: image,
  },
]);
