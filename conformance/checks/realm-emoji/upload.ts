/** GET /realm/emoji and POST /realm/emoji/{emoji_name}: the listing, adding, the name rules and the refusals. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectTrue, expectUnchanged } from '../../expect.js';
import { sendsKeyAt } from '../../feature-level.js';
import type { TargetFile } from '../../target.js';
import { systemGroupIds } from '../groups/support.js';
import { realmSetting, restoring } from '../realm/support.js';
import { emojiName, emojiNamed, emojiPath, LIST, listEmoji, pngFile, UPLOAD, withEmoji } from './support.js';

const BAD_CHARACTERS = 'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.';

async function readBack(ctx: CheckContext): Promise<void> {
  const { member, guest } = ctx.cast;
  await withEmoji(ctx, async (made) => {
    const name = emojiName(ctx, 'emoji');
    const spaced = name.replace(/-/g, ' ');
    made.note(spaced.replace(/ /g, '_'));
    const answer = expectSuccess(await ctx.call(member, 'POST', emojiPath(` ${spaced} `), {}, [pngFile()]), 'realm-emoji.upload.success');
    expectEqual(
      Object.keys(answer).filter((key) => key !== 'ignored_parameters_unsupported'),
      ['result', 'msg'],
      'the upload answer’s fields',
      'realm-emoji.upload.success',
    );
    const list = await listEmoji(ctx, guest, 'realm-emoji.list.public');
    const entry = Object.entries(list).find(([, emoji]) => emoji['name'] === spaced.replace(/ /g, '_'));
    expectTrue(
      entry !== undefined,
      `the guest’s GET /realm/emoji to list ${spaced.replace(/ /g, '_')} (spaces as underscores)`,
      'realm-emoji.upload.name-normalized',
    );
    const [key, emoji] = entry;
    expectEqual(
      Object.keys(emoji).sort(),
      ['author_id', 'deactivated', 'id', 'name', 'source_url', 'still_url'],
      'a custom emoji’s fields',
      'realm-emoji.list.shape',
    );
    expectEqual(
      [emoji['id'], emoji['deactivated'], emoji['still_url']],
      [key, false, null],
      'id (its key, as a string), deactivated and still_url of a new PNG emoji',
      'realm-emoji.list.shape',
    );
    expectEqual(emoji['author_id'], member.userId, 'the emoji’s author_id', 'realm-emoji.upload.success');
    expectTrue(
      typeof emoji['source_url'] === 'string' && /^\/user_avatars\/\d+\/emoji\/images\/[^/]+\.png$/.test(emoji['source_url']),
      `a /user_avatars/<realm_id>/emoji/images/<file>.png source_url, got ${JSON.stringify(emoji['source_url'])}`,
      'realm-emoji.upload.source-url',
    );
  });
}

async function badNames(ctx: CheckContext): Promise<void> {
  const { member } = ctx.cast;
  const base = emojiName(ctx, 'badname');
  const before = await listEmoji(ctx, member);
  const cases: readonly (readonly [string, string])[] = [
    ['%20', 'Emoji name is missing'],
    [`${base}X`, BAD_CHARACTERS],
    [`${base}*x`, BAD_CHARACTERS],
    [`${base}.x`, BAD_CHARACTERS],
    [`${base}_`, 'Emoji names must end with either a letter or digit.'],
    [`${base}-`, 'Emoji names must end with either a letter or digit.'],
  ];
  for (const [name, msg] of cases) {
    const path = name === '%20' ? '/realm/emoji/%20' : emojiPath(name);
    expectError(await ctx.call(member, 'POST', path, {}, [pngFile()]), 400, 'BAD_REQUEST', msg, 'realm-emoji.upload.name-rules');
  }
  expectUnchanged(before, await listEmoji(ctx, member), 'the custom emoji', 'realm-emoji.upload.name-rules');
}

async function refusals(ctx: CheckContext): Promise<void> {
  const { member, guest } = ctx.cast;
  await withEmoji(ctx, async (made) => {
    const name = emojiName(ctx, 'refused');
    made.note(name);
    const before = await listEmoji(ctx, member);
    const post = (actor = member, files: readonly TargetFile[] = [pngFile()], path = emojiPath(name)) => ctx.call(actor, 'POST', path, {}, files);
    expectError(await post(guest), 400, 'BAD_REQUEST', 'Not allowed for guest users', 'realm-emoji.upload.guest-refused');
    expectError(await post(member, []), 400, 'BAD_REQUEST', 'You must upload exactly one file.', 'realm-emoji.upload.one-file');
    expectError(await post(member, [pngFile('f1'), pngFile('f2')]), 400, 'BAD_REQUEST', 'You must upload exactly one file.', 'realm-emoji.upload.one-file');
    expectError(
      await post(member, [pngFile()], emojiPath('octopus')),
      400,
      'BAD_REQUEST',
      'Only administrators can override default emoji.',
      'realm-emoji.upload.default-name',
    );
    const text: TargetFile = { fieldName: 'file', fileName: 'emoji.txt', contentType: 'text/plain', data: Buffer.from('not an image') };
    expectError(await post(member, [text]), 400, 'BAD_IMAGE', 'Invalid image format', 'realm-emoji.upload.image-type');
    const large = pngFile('file', 'large.png', new Uint8Array(5 * 1024 * 1024 + 1));
    expectError(await post(member, [large]), 400, 'BAD_REQUEST', 'Uploaded file is larger than the allowed limit of 5 MiB', 'realm-emoji.upload.size-limit');
    expectUnchanged(before, await listEmoji(ctx, member), 'the custom emoji', 'realm-emoji.upload.one-file');
  });
}

/** add_custom_emoji_policy's value for administrators only (the policy before can_add_custom_emoji_group, 307). */
const ADMINISTRATORS_POLICY = 2;

async function permission(ctx: CheckContext): Promise<void> {
  const { member, administrator } = ctx.cast;
  const ids = await systemGroupIds(ctx);
  // Before 307 the rule was add_custom_emoji_policy (2: administrators only).
  const asGroup = sendsKeyAt(ctx.featureLevel, 'register-queue', 'realm_can_add_custom_emoji_group');
  const setting = asGroup ? 'can_add_custom_emoji_group' : 'add_custom_emoji_policy';
  const original = await realmSetting(ctx, setting);
  const wire = (value: unknown) => (asGroup ? JSON.stringify({ new: value }) : JSON.stringify(value));
  await withEmoji(ctx, async (made) => {
    await restoring(ctx, { [setting]: wire(original) }, async () => {
      expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { [setting]: wire(asGroup ? ids['role:administrators'] : ADMINISTRATORS_POLICY) }));
      const refused = emojiName(ctx, 'nopermission');
      made.note(refused);
      expectError(
        await ctx.call(member, 'POST', emojiPath(refused), {}, [pngFile()]),
        400,
        'BAD_REQUEST',
        'Insufficient permission',
        'realm-emoji.upload.permission',
      );
      expectEqual(await emojiNamed(ctx, refused), [], `custom emoji named ${refused} after the refusal`, 'realm-emoji.upload.permission');
      await made.add(administrator, emojiName(ctx, 'adminonly'), 'realm-emoji.upload.permission');
    });
  });
}

async function duplicate(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withEmoji(ctx, async (made) => {
    const name = emojiName(ctx, 'twice');
    const first = await made.add(member, name);
    expectError(
      await ctx.call(otherMember, 'POST', emojiPath(name), {}, [pngFile()]),
      400,
      'BAD_REQUEST',
      'A custom emoji with this name already exists.',
      'realm-emoji.upload.duplicate',
    );
    expectSuccess(await ctx.call(member, 'DELETE', emojiPath(name)), 'realm-emoji.upload.duplicate');
    const second = await made.add(otherMember, name, 'realm-emoji.upload.duplicate');
    const listed = await emojiNamed(ctx, name);
    expectEqual(
      listed.map((emoji) => [emoji['id'], emoji['deactivated'], emoji['author_id']]),
      [
        [second['id'], false, otherMember.userId],
        [first['id'], true, member.userId],
      ],
      `the custom emoji named ${name}: the new one active, the first deactivated`,
      'realm-emoji.upload.duplicate',
    );
  });
}

export const UPLOAD_EMOJI_CHECKS = defineChecks([
  {
    id: 'realm-emoji.upload.read-back',
    title:
      'Given a member, when they upload a PNG under a name with spaces, then a guest’s listing shows it under the name with underscores, with the real server’s fields',
    clauses: [
      'realm-emoji.upload.success',
      'realm-emoji.upload.name-normalized',
      'realm-emoji.list.shape',
      'realm-emoji.list.public',
      'realm-emoji.upload.source-url',
    ],
    level: 'compat',
    endpoint: UPLOAD,
    run: readBack,
  },
  {
    id: 'realm-emoji.upload.names',
    title:
      'Given names that are blank, hold upper-case or other characters, or end in - or _, when a member uploads under them, then each is refused with the real server’s message and nothing is added',
    clauses: ['realm-emoji.upload.name-rules'],
    level: 'compat',
    endpoint: UPLOAD,
    run: badNames,
  },
  {
    id: 'realm-emoji.upload.refusals',
    title:
      'Given a guest, no file, two files, a standard emoji’s name, a text file and a file over 5 MiB, when each is uploaded, then each is refused in the real server’s words and nothing is added',
    clauses: [
      'realm-emoji.upload.guest-refused',
      'realm-emoji.upload.one-file',
      'realm-emoji.upload.default-name',
      'realm-emoji.upload.image-type',
      'realm-emoji.upload.size-limit',
    ],
    level: 'compat',
    endpoint: UPLOAD,
    run: refusals,
  },
  {
    id: 'realm-emoji.upload.permission',
    title:
      'Given can_add_custom_emoji_group set to administrators, when a member and an administrator upload, then the member gets "Insufficient permission" and the administrator succeeds',
    clauses: ['realm-emoji.upload.permission'],
    level: 'compat',
    endpoint: UPLOAD,
    run: permission,
  },
  {
    id: 'realm-emoji.upload.duplicate',
    title:
      'Given an active custom emoji, when another member takes its name, then it is refused; once it is deactivated the name is taken and both stay listed',
    clauses: ['realm-emoji.upload.duplicate', 'realm-emoji.deactivate.listed'],
    level: 'compat',
    endpoint: UPLOAD,
    run: duplicate,
  },
  {
    id: 'realm-emoji.list.read',
    title: 'Given any user, when they list the custom emoji, then they get an object keyed by emoji id',
    clauses: ['realm-emoji.list.public', 'realm-emoji.list.shape'],
    level: 'compat',
    endpoint: LIST,
    async run(ctx) {
      for (const viewer of [ctx.cast.guest, ctx.cast.member]) {
        const list = await listEmoji(ctx, viewer, 'realm-emoji.list.public');
        for (const [key, emoji] of Object.entries(list)) expectEqual(emoji['id'], key, `the id of the emoji listed under ${key}`, 'realm-emoji.list.shape');
      }
    },
  },
]);
