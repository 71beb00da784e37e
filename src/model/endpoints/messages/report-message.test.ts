import { describe, expect, it } from 'vitest';
import { as, CHANNEL, CORDELIA, DESDEMONA, expectError, expectSuccess, HAMLET, IAGO, newModel, SHIVA } from '../../../testing/default-realm.js';
import { messageLinkSyntax } from '../../present/link-syntax.js';
import { globalTime, unusedFence } from '../../rules/message-reports.js';
import type { Channel } from '../../state.js';

type Model = ReturnType<typeof newModel>;
type Actor = Parameters<typeof as>[1];

const HAMLET_MENTION = '@_**King Hamlet|4**';
const CORDELIA_MENTION = "@_**Cordelia, Lear's daughter|5**";
const IAGO_MENTION = '@_**Iago|2**';

/** Points moderation_request_channel_id at the channel (-1: reporting off). */
function enableReporting(model: Model, channelId: number = CHANNEL.moderation): void {
  expectSuccess(as(model, DESDEMONA).patch('/realm', { moderation_request_channel_id: String(channelId) }));
}

function sendTo(model: Model, actor: Actor, to: string, content: string, type = 'stream'): { id: number; timestamp: number } {
  const params: Record<string, string> = type === 'stream' ? { type, to, topic: 'reported', content } : { type, to, content };
  const id = expectSuccess(as(model, actor).post('/messages', params))['id'];
  return { id, timestamp: expectSuccess(as(model, actor).get(`/messages/${id}`))['message']['timestamp'] };
}

function report(model: Model, actor: Actor, id: number, params: Record<string, string>) {
  return as(model, actor).post(`/messages/${id}/report`, params);
}

/** The newest message of the moderation channel, in Markdown, as an administrator reads it. */
function newestReport(model: Model, channelId: number = CHANNEL.moderation): Record<string, any> {
  const narrow = JSON.stringify([{ operator: 'channel', operand: channelId }]);
  const params = { anchor: 'newest', num_before: '1', num_after: '0', narrow, apply_markdown: 'false', allow_empty_topic_name: 'true' };
  const [newest] = expectSuccess(as(model, IAGO).get('/messages', params))['messages'];
  return newest;
}

describe('POST /messages/{message_id}/report', () => {
  it('posts the report as Notification Bot in the moderation channel, unread by all, under the reported user’s topic', () => {
    const model = newModel();
    enableReporting(model);
    const reported = sendTo(model, HAMLET, 'general', 'something *rude*');
    const queueId = expectSuccess(as(model, SHIVA).post('/register', { event_types: '["message"]' }))['queue_id'];
    expectSuccess(report(model, IAGO, reported.id, { report_type: 'harassment', description: 'not nice' }));
    const posted = newestReport(model);
    expect(posted).toMatchObject({ sender_full_name: 'Notification Bot', subject: 'King Hamlet moderation', flags: [] });
    expect(posted['content']).toBe(
      [
        `${IAGO_MENTION} reported a message sent by ${HAMLET_MENTION} at ${globalTime(reported.timestamp)}.`,
        '```quote',
        '**Harassment**. not nice',
        '```',
        '',
        `\`\`\` spoiler Original message at #**general>reported@${reported.id}**`,
        'something *rude*',
        '```',
      ].join('\n'),
    );
    const events = expectSuccess(as(model, SHIVA).get('/events', { queue_id: queueId, last_event_id: '-1', dont_block: 'true' }))['events'];
    expect(events).toMatchObject([{ type: 'message', message: { id: posted['id'], stream_id: CHANNEL.moderation }, flags: [] }]);
  });

  it('names every report type by its label, and leaves the description out when none is given', () => {
    const model = newModel();
    enableReporting(model);
    const { id } = sendTo(model, HAMLET, 'general', 'spam spam spam');
    const labels: [string, string][] = [
      ['spam', 'Spam'],
      ['harassment', 'Harassment'],
      ['inappropriate', 'Inappropriate content'],
      ['norms', 'Violates community norms'],
    ];
    for (const [type, label] of labels) {
      expectSuccess(report(model, CORDELIA, id, { report_type: type }));
      expect(newestReport(model)['content']).toContain(`\n**${label}**. \n`);
    }
    expectSuccess(report(model, CORDELIA, id, { report_type: 'other', description: 'see above' }));
    expect(newestReport(model)['content']).toContain('\n**Other reason**. see above\n');
  });

  it('checks the explanation, then whether reporting is on, then the message, changing nothing on refusal', () => {
    const model = newModel();
    const secret = sendTo(model, HAMLET, 'Scotland', 'for two').id;
    enableReporting(model, -1);
    const before = model.state;
    expectError(report(model, CORDELIA, 987_654, { report_type: 'other' }), 400, 'BAD_REQUEST', 'An explanation is required.');
    expectError(report(model, CORDELIA, 987_654, { report_type: 'spam' }), 400, 'BAD_REQUEST', 'Message reporting is not enabled in this organization.');
    expectError(report(model, CORDELIA, secret, { report_type: 'bogus' }), 400, 'BAD_REQUEST', 'Invalid report_type');
    expectError(
      report(model, CORDELIA, secret, { report_type: 'spam', description: 'x'.repeat(1001) }),
      400,
      'BAD_REQUEST',
      'description is too long (limit: 1000 characters)',
    );
    expectError(report(model, CORDELIA, secret, {}), 400, 'REQUEST_VARIABLE_MISSING', "Missing 'report_type' argument");
    expect(model.state).toBe(before);
    enableReporting(model);
    const enabled = model.state;
    expectError(report(model, CORDELIA, secret, { report_type: 'spam' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expectError(report(model, CORDELIA, 987_654, { report_type: 'spam' }), 400, 'BAD_REQUEST', 'Invalid message(s)');
    expect(model.state).toBe(enabled);
    const open = sendTo(model, HAMLET, 'general', 'for all').id;
    expectSuccess(report(model, CORDELIA, open, { report_type: 'spam', description: 'x'.repeat(1000) }));
  });

  it('lets messages of archived channels be reported', () => {
    const model = newModel();
    enableReporting(model);
    const { id } = sendTo(model, HAMLET, 'Verona', 'archived soon');
    expectSuccess(as(model, DESDEMONA).delete(`/streams/${CHANNEL.verona}`));
    expectSuccess(report(model, HAMLET, id, { report_type: 'spam' }));
    expect(newestReport(model)['content']).toContain('archived soon');
  });

  it('words direct messages by who reports whose message, with a link to the conversation', () => {
    const model = newModel();
    enableReporting(model);
    const toCordelia = sendTo(model, HAMLET, `[${CORDELIA.userId}]`, 'psst', 'direct');
    const link = (id: number, slug: string) => `[Original message](https://chatref.test/#narrow/dm/${slug}/near/${id})`;
    expectSuccess(report(model, CORDELIA, toCordelia.id, { report_type: 'spam' }));
    const byRecipient = newestReport(model)['content'];
    expect(byRecipient).toMatch(
      new RegExp(`^${escapeRegExp(`${CORDELIA_MENTION} reported a direct message sent by ${HAMLET_MENTION} at ${globalTime(toCordelia.timestamp)}.`)}\n`),
    );
    expect(byRecipient).toContain(`\`\`\` spoiler ${link(toCordelia.id, '4,5')}\npsst\n\`\`\``);
    expectSuccess(report(model, HAMLET, toCordelia.id, { report_type: 'spam' }));
    expect(newestReport(model)['content']).toContain(`${HAMLET_MENTION} reported a direct message sent by ${HAMLET_MENTION} to ${CORDELIA_MENTION} at `);
    const toSelf = sendTo(model, HAMLET, `[${HAMLET.userId}]`, 'note to self', 'direct');
    expectSuccess(report(model, HAMLET, toSelf.id, { report_type: 'spam' }));
    expect(newestReport(model)['content']).toContain(`sent by ${HAMLET_MENTION} to ${HAMLET_MENTION} at `);
    const group = sendTo(model, HAMLET, `[${CORDELIA.userId}, ${IAGO.userId}, ${SHIVA.userId}]`, 'all of us', 'direct');
    expectSuccess(report(model, IAGO, group.id, { report_type: 'spam' }));
    const grouped = newestReport(model)['content'];
    // The other recipients, sorted by their mention text.
    expect(grouped).toContain(
      `${IAGO_MENTION} reported a direct message sent by ${HAMLET_MENTION} to ${CORDELIA_MENTION}, ${IAGO_MENTION}, and @_**Shiva|3** at `,
    );
    expect(grouped).toContain(link(group.id, '2,3,4,5-group'));
  });

  it('posts in the empty topic of a moderation channel that allows only that one', () => {
    const model = newModel();
    expectSuccess(
      as(model, IAGO).post('/users/me/subscriptions', { subscriptions: '[{"name": "reports"}]', invite_only: 'true', topics_policy: '"empty_topic_only"' }),
    );
    const channelId = expectSuccess(as(model, IAGO).get('/get_stream_id', { stream: 'reports' }))['stream_id'];
    enableReporting(model, channelId);
    const { id } = sendTo(model, HAMLET, 'general', 'hmm');
    expectSuccess(report(model, HAMLET, id, { report_type: 'spam' }));
    expect(newestReport(model, channelId)['subject']).toBe('');
  });

  it('fences the reported content with a longer fence than it holds, and truncates long content', () => {
    const model = newModel();
    enableReporting(model);
    const fenced = sendTo(model, HAMLET, 'general', 'look:\n````\ncode\n````').id;
    expectSuccess(report(model, CORDELIA, fenced, { report_type: 'spam' }));
    expect(newestReport(model)['content']).toMatch(/\n````` spoiler [^\n]*\nlook:\n````\ncode\n````\n`````$/);
    const long = sendTo(model, HAMLET, 'general', 'y'.repeat(9000)).id;
    expectSuccess(report(model, CORDELIA, long, { report_type: 'spam' }));
    expect(newestReport(model)['content']).toContain(`\n${'y'.repeat(8500 - 20)}\n[message truncated]\n\`\`\``);
  });
});

describe('report wording helpers', () => {
  it('writes global times to the second in UTC', () => {
    expect(globalTime(1_750_000_000)).toBe('<time:2025-06-15T15:06:40+00:00>');
    expect(globalTime(0)).toBe('<time:1970-01-01T00:00:00+00:00>');
  });

  it('falls back to a Markdown link when a name would break the message link syntax', () => {
    const channel = { id: 7, name: 'a*b c' } as Channel;
    expect(messageLinkSyntax({ ...channel, name: 'plain' }, 'topic', 9)).toBe('#**plain>topic@9**');
    expect(messageLinkSyntax(channel, 'x > y', 9)).toBe('[#a&#42;b c > x &gt; y @ 💬](#narrow/channel/7-a*b-c/topic/x.20.3E.20y/near/9)');
    expect(messageLinkSyntax(channel, '', 9)).toBe('[#a&#42;b c > general chat @ 💬](#narrow/channel/7-a*b-c/topic//near/9)');
  });

  it('picks a fence longer than any fence line of the content', () => {
    expect(unusedFence('no fences')).toBe('```');
    expect(unusedFence('```\nx\n```')).toBe('````');
    expect(unusedFence('   `````\n    ``````')).toBe('``````');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
