import { z } from 'zod';
import { sendMessage } from '../../actions/messages.js';
import { defineEndpoint } from '../../endpoint.js';
import { Errors } from '../../errors.js';
import { commit } from '../../events/commit.js';
import { fail, succeed } from '../../outcome.js';
import { maxChars } from '../../params/wire.js';
import { renderMessageFor } from '../../rules/message-rendering.js';
import { MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH } from '../invites/params.js';

/** A fence longer than any fence the text opens (the real server's get_unused_fence). */
function unusedFence(text: string): string {
  let length = 3;
  for (const match of text.matchAll(/^ {0,3}(`{3,})/gm)) length = Math.max(length, match[1]!.length + 1);
  return '`'.repeat(length);
}

/** The welcome message with the organization's custom text, quoted under a note from the administrators. */
export function customWelcomeMessage(text: string): string {
  const fence = unusedFence(text);
  return `\nA note from @_*role:administrators*:\n${fence}quote\n${text}\n${fence}\n`;
}

/**
 * POST /realm/test_welcome_bot_custom_message: an administrator previews the
 * custom welcome message as a direct message to themselves. The real server
 * sends it from the Welcome Bot; chatref's one system bot, the Notification
 * Bot, sends it here.
 */
export const testWelcomeBotCustomMessage = defineEndpoint({
  operation: 'test-welcome-bot-custom-message',
  method: 'POST',
  path: '/realm/test_welcome_bot_custom_message',
  auth: 'basic',
  requiresAdministrator: true,
  params: z.object({ welcome_message_custom_text: maxChars(MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH) }),
  reduce(state, { actor, params, now, origin }) {
    if (params.welcome_message_custom_text.length === 0) return fail(Errors.emptyMessage());
    const bot = state.systemBots.notificationBot;
    const content = customWelcomeMessage(params.welcome_message_custom_text);
    let id = 0;
    const written = commit(state, now, (tx) => {
      const rendered = renderMessageFor(state, bot, content, origin, now);
      id = sendMessage(tx, { sender: bot, channel: null, topic: '', recipients: [actor], content, rendered, client: 'Internal', readBySender: false });
    });
    return succeed(written, { message_id: id });
  },
});
