/** DELETE /streams/{stream_id}: archiving a channel. */
import { type CheckContext, defineChecks } from '../../check.js';
import { expectEqual, expectError, expectSuccess, expectUnchanged } from '../../expect.js';
import { createChannel, EXCLUDE_ARCHIVED_SINCE, everyChannelParams, listedIds, readChannel } from './support.js';

const ENDPOINT = 'DELETE /streams/{stream_id}';

async function archive(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.member, 'to-archive');
  expectSuccess(await ctx.call(ctx.cast.member, 'DELETE', `/streams/${made.id}`));
  if (ctx.featureLevel < EXCLUDE_ARCHIVED_SINCE) {
    // Before 315 an archived channel left every listing (no is_archived, no exclude_archived).
    expectEqual(
      await listedIds(ctx, ctx.cast.owner, [made], everyChannelParams(ctx)),
      [],
      `the archived channel in no listing before ${EXCLUDE_ARCHIVED_SINCE}`,
      'streams.archive.effect',
    );
    return;
  }
  const after = await readChannel(ctx, made.id);
  expectEqual(
    [after['stream_id'], after['name'], after['is_archived']],
    [made.id, made.name, true],
    'the channel archived under its id and name',
    'streams.archive.effect',
  );
}

async function permission(ctx: CheckContext): Promise<void> {
  const made = await createChannel(ctx, ctx.cast.otherMember, 'keep');
  const before = await readChannel(ctx, made.id);
  expectError(await ctx.call(ctx.cast.member, 'DELETE', `/streams/${made.id}`), 400, 'CANNOT_ADMINISTER_CHANNEL', undefined, 'streams.archive.permission');
  expectUnchanged(before, await readChannel(ctx, made.id), 'the channel', 'streams.archive.permission');
}

export const ARCHIVE_STREAM_CHECKS = defineChecks([
  {
    id: 'streams.archive.effect',
    title: 'When the creator archives a channel, then it is listed (with exclude_archived=false) as archived under the same id',
    clauses: ['streams.archive.effect'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: archive,
  },
  {
    id: 'streams.archive.permission',
    title: 'Given a public channel of another member, when a member archives it, then CANNOT_ADMINISTER_CHANNEL and it stays',
    clauses: ['streams.archive.permission'],
    level: 'compat',
    endpoint: ENDPOINT,
    run: permission,
  },
]);
