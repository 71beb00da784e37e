/** Messages: sending, reading, deleting, rendering. */
import { endpointList } from '../../endpoint.js';
import { addReactionEndpoint } from './add-reaction.js';
import { deleteMessage } from './delete-message.js';
import { editTyping } from './edit-typing.js';
import { getMessage } from './get-message.js';
import { getMessageHistory } from './get-message-history.js';
import { getMessages } from './get-messages.js';
import { getReadReceipts } from './get-read-receipts.js';
import { markAllAsRead } from './mark-all-as-read.js';
import { markStreamAsRead } from './mark-stream-as-read.js';
import { markTopicAsRead } from './mark-topic-as-read.js';
import { getMessagesMatchesNarrow } from './matches-narrow.js';
import { removeReactionEndpoint } from './remove-reaction.js';
import { renderMessageEndpoint } from './render-message.js';
import { reportMessageEndpoint } from './report-message.js';
import { sendMessageEndpoint } from './send-message.js';
import { setTypingStatus } from './set-typing-status.js';
import { updateMessageFlagsEndpoint } from './update-flags.js';
import { updateMessageFlagsForNarrow } from './update-flags-narrow.js';
import { updateMessageEndpoint } from './update-message.js';

export const MESSAGE_ENDPOINTS = endpointList(
  sendMessageEndpoint,
  getMessages,
  renderMessageEndpoint,
  getMessage,
  getMessageHistory,
  deleteMessage,
  setTypingStatus,
  editTyping,
  addReactionEndpoint,
  removeReactionEndpoint,
  reportMessageEndpoint,
  updateMessageFlagsEndpoint,
  updateMessageFlagsForNarrow,
  markTopicAsRead,
  markAllAsRead,
  markStreamAsRead,
  getReadReceipts,
  getMessagesMatchesNarrow,
  updateMessageEndpoint,
);
