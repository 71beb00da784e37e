/**
 * POST /messages/{message_id}/report: the notification in the moderation
 * request channel and its wording, the report types, the explanation `other`
 * needs, reporting switched off, and reports that are refused. Each check
 * points the organization at a moderation channel of its own and puts the
 * setting back afterwards.
 */

import { type Actor, type CheckContext, CheckFailure, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectSuccess, expectTrue } from '../../expect.js';
import { channelOperator } from '../../feature-level.js';
import type { TargetResponse } from '../../target.js';
import { realmSetting, realmState, restoring } from '../realm/support.js';
import { channelWith, fetchMessages, type MadeChannel, MISSING_MESSAGE_ID, messagesChannel, readMessage, sendDirect, sendToChannel } from './support.js';

const REPORT = 'POST /messages/{message_id}/report';
const EXPLANATION_REQUIRED = 'An explanation is required.';
const REPORTING_DISABLED = 'Message reporting is not enabled in this organization.';

function reportMessage(ctx: CheckContext, actor: Actor, id: number, params: Readonly<Record<string, string>>): Promise<TargetResponse> {
  return ctx.call(actor, 'POST', `/messages/${id}/report`, params);
}

/** Runs `body` with the organization's moderation request channel set to `channelId` (-1: none), then puts the old one back. */
async function withModerationSetting(ctx: CheckContext, channelId: number, body: () => Promise<void>): Promise<void> {
  const previous = await realmSetting(ctx, 'moderation_request_channel_id');
  await restoring(ctx, { moderation_request_channel_id: JSON.stringify(typeof previous === 'number' ? previous : -1) }, async () => {
    expectSuccess(await ctx.call(ctx.cast.owner, 'PATCH', '/realm', { moderation_request_channel_id: String(channelId) }));
    await body();
  });
}

/** A new private channel of the owner and the moderator, made the moderation request channel while `body` runs. */
async function withModerationChannel(ctx: CheckContext, body: (channel: MadeChannel) => Promise<void>): Promise<void> {
  const { owner, moderator } = ctx.cast;
  const channel = await channelWith(ctx, owner, 'moderation', [owner, moderator], { invite_only: true });
  await withModerationSetting(ctx, channel.id, () => body(channel));
}

/** The newest message of the moderation channel as the moderator reads it, in Markdown; undefined when it has none. */
async function newestReport(ctx: CheckContext, channel: MadeChannel, clause: string): Promise<Body | undefined> {
  const params = { anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false, allow_empty_topic_name: true };
  const body = await fetchMessages(ctx, ctx.cast.moderator, params, [{ operator: channelOperator(ctx.featureLevel), operand: channel.id }], clause);
  return (body['messages'] as Body[])[0];
}

/** The report the last request posted: newer than `before`, else a failure. */
async function postedReport(ctx: CheckContext, channel: MadeChannel, before: Body | undefined, clause: string): Promise<Body> {
  const newest = await newestReport(ctx, channel, clause);
  if (newest === undefined || (before !== undefined && newest['id'] === before['id'])) {
    throw new CheckFailure(`a new message in the moderation channel ${channel.name} after the report, newest is ${JSON.stringify(newest)}`, undefined, clause);
  }
  return newest;
}

async function expectNothingPosted(ctx: CheckContext, channel: MadeChannel, before: Body | undefined, clause: string): Promise<void> {
  const after = await newestReport(ctx, channel, clause);
  expectEqual(after?.['id'], before?.['id'], `the newest message of the moderation channel after a refused report`, clause);
}

/** A message of the member in the run's shared channel. */
async function reportable(ctx: CheckContext, label: string, content: string): Promise<{ id: number; topic: string }> {
  const channel = await messagesChannel(ctx);
  const topic = ctx.unique(label);
  return { id: await sendToChannel(ctx, ctx.cast.member, channel.id, topic, content), topic };
}

function silentMention(actor: Actor): string {
  return `@_**${actor.fullName}|${actor.userId}**`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `<time:…>` for the UNIX time, to the second (a server may add a fraction). */
function globalTimePattern(unixSeconds: number): string {
  const iso = new Date(unixSeconds * 1000).toISOString().slice(0, 19);
  return `<time:${escapeRegExp(iso)}(\\.\\d+)?\\+00:00>`;
}

async function notifies(ctx: CheckContext): Promise<void> {
  await withModerationChannel(ctx, async (moderation) => {
    const content = `report this ${ctx.unique('reported')}`;
    const { id } = await reportable(ctx, 'report-notify', content);
    const before = await newestReport(ctx, moderation, 'reports.notify');
    expectSuccess(await reportMessage(ctx, ctx.cast.otherMember, id, { report_type: 'spam' }), 'reports.notify');
    const posted = await postedReport(ctx, moderation, before, 'reports.notify');
    expectTrue(
      typeof posted['content'] === 'string' && posted['content'].includes(content),
      `the notification to quote the reported message "${content}", got ${JSON.stringify(posted['content'])}`,
      'reports.notify',
    );
  });
}

async function wording(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withModerationChannel(ctx, async (moderation) => {
    const channel = await messagesChannel(ctx);
    const { id, topic } = await reportable(ctx, 'report-wording', 'something *rude*');
    const sent = (await readMessage(ctx, member, id))['timestamp'] as number;
    expectSuccess(await reportMessage(ctx, otherMember, id, { report_type: 'harassment', description: 'not nice' }));
    const posted = await postedReport(ctx, moderation, undefined, 'reports.notification.wording');
    expectEqual(
      { sender: posted['sender_full_name'], topic: posted['subject'] },
      { sender: 'Notification Bot', topic: `${member.fullName} moderation` },
      'the notification’s sender and topic',
      'reports.notification.wording',
    );
    const expected = [
      `${escapeRegExp(`${silentMention(otherMember)} reported a message sent by ${silentMention(member)} at `)}${globalTimePattern(sent)}\\.`,
      escapeRegExp(['```quote', '**Harassment**. not nice', '```', '', `\`\`\` spoiler Original message at #**${channel.name}>${topic}@${id}**`].join('\n')),
      escapeRegExp(['something *rude*', '```'].join('\n')),
    ].join('\n');
    expectTrue(
      typeof posted['content'] === 'string' && new RegExp(`^${expected}$`).test(posted['content']),
      `the notification to read /^${expected}$/, got ${JSON.stringify(posted['content'])}`,
      'reports.notification.wording',
    );
  });
}

async function types(ctx: CheckContext): Promise<void> {
  const listed = (await realmState(ctx))['server_report_message_types'];
  if (!Array.isArray(listed) || listed.length === 0) {
    throw new CheckFailure(`server_report_message_types in the register response, got ${JSON.stringify(listed)}`, undefined, 'reports.types');
  }
  await withModerationChannel(ctx, async (moderation) => {
    const { id } = await reportable(ctx, 'report-types', 'reported for every reason');
    for (const type of listed as Body[]) {
      const key = String(type['key']);
      expectSuccess(await reportMessage(ctx, ctx.cast.otherMember, id, { report_type: key, description: `reason ${key}` }), 'reports.types');
      const posted = await postedReport(ctx, moderation, undefined, 'reports.types');
      expectTrue(
        typeof posted['content'] === 'string' && posted['content'].includes(`**${String(type['name'])}**. reason ${key}`),
        `the notification for report_type ${key} to name it "${String(type['name'])}", got ${JSON.stringify(posted['content'])}`,
        'reports.notification.wording',
      );
    }
    const before = await newestReport(ctx, moderation, 'reports.invalid-type');
    expectError(
      await reportMessage(ctx, ctx.cast.otherMember, id, { report_type: 'not_a_report_type' }),
      400,
      'BAD_REQUEST',
      undefined,
      'reports.invalid-type',
    );
    await expectNothingPosted(ctx, moderation, before, 'reports.refused-nothing-posted');
  });
}

async function otherNeedsDescription(ctx: CheckContext): Promise<void> {
  await withModerationChannel(ctx, async (moderation) => {
    const { id } = await reportable(ctx, 'report-other', 'odd one');
    const before = await newestReport(ctx, moderation, 'reports.other-needs-description');
    const unexplained: Record<string, string>[] = [{ report_type: 'other' }, { report_type: 'other', description: '' }];
    for (const params of unexplained) {
      expectError(await reportMessage(ctx, ctx.cast.otherMember, id, params), 400, 'BAD_REQUEST', EXPLANATION_REQUIRED, 'reports.other-needs-description');
    }
    await expectNothingPosted(ctx, moderation, before, 'reports.refused-nothing-posted');
    expectSuccess(await reportMessage(ctx, ctx.cast.otherMember, id, { report_type: 'other', description: 'it is odd' }), 'reports.other-needs-description');
    const posted = await postedReport(ctx, moderation, before, 'reports.other-needs-description');
    expectTrue(String(posted['content']).includes('it is odd'), `the notification to carry the description, got ${JSON.stringify(posted['content'])}`);
  });
}

async function notConfigured(ctx: CheckContext): Promise<void> {
  const { id } = await reportable(ctx, 'report-off', 'nobody moderates this');
  await withModerationSetting(ctx, -1, async () => {
    const disabled = await reportMessage(ctx, ctx.cast.otherMember, id, { report_type: 'spam' });
    expectError(disabled, 400, 'BAD_REQUEST', undefined, 'reports.not-configured');
    expectError(disabled, 400, 'BAD_REQUEST', REPORTING_DISABLED, 'reports.disabled-text');
    expectError(
      await reportMessage(ctx, ctx.cast.otherMember, id, { report_type: 'other' }),
      400,
      'BAD_REQUEST',
      EXPLANATION_REQUIRED,
      'reports.explanation-text',
    );
  });
}

async function inaccessible(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  await withModerationChannel(ctx, async (moderation) => {
    const hidden = await channelWith(ctx, member, 'report-hidden', [member], { invite_only: true });
    const id = await sendToChannel(ctx, member, hidden.id, 'secret', 'only the member reads this');
    const before = await newestReport(ctx, moderation, 'reports.inaccessible');
    for (const target of [id, MISSING_MESSAGE_ID]) {
      expectError(await reportMessage(ctx, otherMember, target, { report_type: 'spam' }), 400, 'BAD_REQUEST', 'Invalid message(s)', 'reports.inaccessible');
    }
    await expectNothingPosted(ctx, moderation, before, 'reports.refused-nothing-posted');
  });
}

async function descriptionLimit(ctx: CheckContext): Promise<void> {
  await withModerationChannel(ctx, async (moderation) => {
    const { id } = await reportable(ctx, 'report-long', 'a long complaint');
    const before = await newestReport(ctx, moderation, 'reports.description-limit');
    expectError(
      await reportMessage(ctx, ctx.cast.otherMember, id, { report_type: 'spam', description: 'x'.repeat(1001) }),
      400,
      'BAD_REQUEST',
      'description is too long (limit: 1000 characters)',
      'reports.description-limit',
    );
    await expectNothingPosted(ctx, moderation, before, 'reports.refused-nothing-posted');
    expectSuccess(await reportMessage(ctx, ctx.cast.otherMember, id, { report_type: 'spam', description: 'y'.repeat(1000) }), 'reports.description-limit');
    await postedReport(ctx, moderation, before, 'reports.description-limit');
  });
}

async function directMessage(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const realmUrl = expectSuccess(await ctx.call(null, 'GET', '/server_settings'))['realm_url'];
  await withModerationChannel(ctx, async (moderation) => {
    const id = await sendDirect(ctx, member, [otherMember.userId], 'a direct message worth reporting');
    const sent = (await readMessage(ctx, member, id))['timestamp'] as number;
    expectSuccess(await reportMessage(ctx, otherMember, id, { report_type: 'spam' }), 'reports.notification.direct');
    const posted = await postedReport(ctx, moderation, undefined, 'reports.notification.direct');
    const ids = [member.userId, otherMember.userId].sort((a, b) => a - b).join(',');
    const expected = [
      `${escapeRegExp(`${silentMention(otherMember)} reported a direct message sent by ${silentMention(member)} at `)}${globalTimePattern(sent)}\\.`,
      escapeRegExp(['```quote', '**Spam**. ', '```', '', `\`\`\` spoiler [Original message](${String(realmUrl)}/#narrow/dm/${ids}/near/${id})`].join('\n')),
      escapeRegExp(['a direct message worth reporting', '```'].join('\n')),
    ].join('\n');
    expectTrue(
      typeof posted['content'] === 'string' && new RegExp(`^${expected}$`).test(posted['content']),
      `the notification to read /^${expected}$/, got ${JSON.stringify(posted['content'])}`,
      'reports.notification.direct',
    );
  });
}

export const REPORT_CHECKS = defineChecks([
  {
    id: 'reports.notify',
    title: 'Given a moderation request channel, when a member reports a message, then a new message in that channel quotes it',
    clauses: ['reports.notify'],
    level: 'spec',
    endpoint: REPORT,
    run: notifies,
  },
  {
    id: 'reports.notification.wording',
    title:
      'When a member reports a channel message, then Notification Bot posts under "<sender> moderation" who reported whose message when, the reason, and the message',
    clauses: ['reports.notification.wording'],
    level: 'compat',
    endpoint: REPORT,
    run: wording,
  },
  {
    id: 'reports.types',
    // It reads the types from register's server_report_message_types, sent from feature level 435.
    since: 435,
    title: 'When a message is reported for each type register lists, then each is posted under its label; an unknown type is refused and posts nothing',
    clauses: ['reports.types', 'reports.notification.wording', 'reports.invalid-type', 'reports.refused-nothing-posted'],
    level: 'spec',
    endpoint: REPORT,
    run: types,
  },
  {
    id: 'reports.other-needs-description',
    title: 'When a member reports for another reason without a description (or an empty one), then it is "An explanation is required." and nothing is posted',
    clauses: ['reports.other-needs-description', 'reports.explanation-text', 'reports.refused-nothing-posted'],
    level: 'spec',
    endpoint: REPORT,
    run: otherNeedsDescription,
  },
  {
    id: 'reports.not-configured',
    title: 'Given no moderation request channel, when a member reports a message, then it is refused as not enabled (after the explanation check)',
    clauses: ['reports.not-configured', 'reports.disabled-text', 'reports.explanation-text'],
    level: 'spec',
    endpoint: REPORT,
    run: notConfigured,
  },
  {
    id: 'reports.inaccessible',
    title: 'When a member reports a message of a private channel they are not in, or a missing one, then it is "Invalid message(s)" and nothing is posted',
    clauses: ['reports.inaccessible', 'reports.refused-nothing-posted'],
    level: 'compat',
    endpoint: REPORT,
    run: inaccessible,
  },
  {
    id: 'reports.description-limit',
    title: 'When a member reports with a 1001-character description, then it is refused as too long and nothing is posted; 1000 characters are accepted',
    clauses: ['reports.description-limit', 'reports.refused-nothing-posted'],
    level: 'compat',
    endpoint: REPORT,
    run: descriptionLimit,
  },
  {
    id: 'reports.notification.direct',
    title: 'When the recipient of a direct message reports it, then the notification names a direct message and links to its conversation',
    clauses: ['reports.notification.direct'],
    level: 'compat',
    endpoint: REPORT,
    run: directMessage,
  },
]);
