/** POST /messages as a direct message: the forms of `to` and their errors. */
import { type CheckContext, defineChecks } from '../../check.js';
import { type Body, expectEqual, expectError, expectUnchanged } from '../../expect.js';
import { emailAsSeenBy, newestDirect, readMessage, SEND, send, sentId } from './support.js';

function participantIds(message: Body): number[] {
  const recipients = message['display_recipient'];
  return Array.isArray(recipients) ? recipients.map((entry: Body) => entry['id'] as number).sort((a, b) => a - b) : [];
}

async function directForms(ctx: CheckContext): Promise<void> {
  const { member, otherMember, moderator } = ctx.cast;
  const pair = [member.userId, otherMember.userId].sort((a, b) => a - b);
  const trio = [member.userId, otherMember.userId, moderator.userId].sort((a, b) => a - b);
  // Addresses as the sender sees them: the real server resolves `to` by the API address, a placeholder where the real one is hidden.
  const other = await emailAsSeenBy(ctx, member, otherMember.userId);
  const third = await emailAsSeenBy(ctx, member, moderator.userId);
  const forms: [string, string, number[]][] = [
    ['direct', JSON.stringify([otherMember.userId]), pair],
    ['private', JSON.stringify([other]), pair],
    ['direct', other, pair],
    ['private', JSON.stringify([otherMember.userId, moderator.userId]), trio],
    ['direct', `${other},${third}`, trio],
  ];
  for (const [type, to, participants] of forms) {
    const content = `direct with to=${to}`;
    const id = sentId(await send(ctx, member, { type, to, content }), 'messages.send.to-direct');
    const read = await readMessage(ctx, otherMember, id, { apply_markdown: 'false' });
    expectEqual(
      [read['type'], participantIds(read), read['content'], read['sender_id']],
      ['private', participants, content, member.userId],
      `the direct message sent with type=${type}, to=${to}, as its recipient reads it`,
      'messages.send.to-direct',
    );
  }
}

async function directErrors(ctx: CheckContext): Promise<void> {
  const { member, otherMember } = ctx.cast;
  const before = await newestDirect(ctx, member, [otherMember.userId]);
  const unknownId = 2 ** 30;
  const unknownEmail = `${ctx.unique('nobody')}@example.invalid`;
  const cases: [string, string][] = [
    [JSON.stringify([otherMember.userId, otherMember.email]), 'Recipient lists may contain emails or user IDs, but not both.'],
    [JSON.stringify([otherMember.userId, unknownId]), `Invalid user ID ${unknownId}`],
    [JSON.stringify([unknownEmail]), `Invalid email '${unknownEmail}'`],
    ['[]', 'Message must have recipients'],
  ];
  for (const [to, msg] of cases) {
    expectError(await send(ctx, member, { type: 'direct', to, content: 'never sent' }), 400, 'BAD_REQUEST', msg, 'messages.send.to-direct-errors');
  }
  expectUnchanged(before, await newestDirect(ctx, member, [otherMember.userId]), 'the direct messages with the other member', 'messages.send.to-direct-errors');
}

export const SEND_DIRECT_CHECKS = defineChecks([
  {
    id: 'messages.send.to-direct',
    title:
      'When a member sends direct messages with ids, e-mails as JSON and comma-separated, to one and two users, then each reaches exactly those participants',
    clauses: ['messages.send.to-direct', 'messages.send.type', 'messages.object.direct'],
    level: 'compat',
    endpoint: SEND,
    run: directForms,
  },
  {
    id: 'messages.send.to-direct-errors',
    title: 'When recipients mix ids and e-mails, name an unknown id or e-mail, or are empty, then each is refused and no message is added',
    clauses: ['messages.send.to-direct-errors'],
    level: 'compat',
    endpoint: SEND,
    run: directErrors,
  },
]);
