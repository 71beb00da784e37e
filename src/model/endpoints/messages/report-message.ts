import { z } from 'zod';
import { postMessageReport } from '../../actions/message-reports.js';
import { defineEndpoint } from '../../endpoint.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars } from '../../params/wire.js';
import { checkCanReport, MAX_REPORT_DESCRIPTION_LENGTH, REPORT_TYPE_KEYS, reportContent, reportTopic } from '../../rules/message-reports.js';
import { accessMessage } from '../../rules/messages.js';

/**
 * POST /messages/{message_id}/report (reference server-messages-channels §8):
 * the explanation and the moderation channel are checked before the message,
 * which may sit in an archived channel.
 */
export const reportMessageEndpoint = defineEndpoint({
  operation: 'report-message',
  method: 'POST',
  path: '/messages/{message_id}/report',
  pathParams: { message_id: 'int' },
  auth: 'basic',
  params: z.object({
    // Through z.string() first, so that a missing report_type is reported as missing rather than invalid.
    report_type: z.enum(REPORT_TYPE_KEYS),
    description: maxChars(MAX_REPORT_DESCRIPTION_LENGTH).default(''),
  }),
  reduce(state, { actor, path, params, now, origin }) {
    const allowed = checkCanReport(state, params.report_type, params.description);
    if (!allowed.ok) return fail(allowed.error);
    const channel = allowed.value;
    const access = accessMessage(state, actor, path.message_id, now);
    if (!access.ok) return fail(access.error);
    const { message } = access.value;
    const report = {
      channel,
      topic: reportTopic(state, channel, message),
      content: reportContent(state, actor, message, params.report_type, params.description, origin),
      realmUrl: origin,
    };
    return succeed(commit(state, now, (tx) => postMessageReport(tx, report)));
  },
});
