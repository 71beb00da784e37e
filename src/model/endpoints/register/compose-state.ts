/**
 * POST /register's sections for what a user keeps for later: drafts (newest
 * edit first, at most 1000), undelivered scheduled messages and reminders
 * (soonest first), and navigation views. Each is the user's own.
 */
import { presentDraft } from '../../present/drafts.js';
import { presentNavigationView } from '../../present/navigation-views.js';
import { presentReminder, presentScheduledMessage } from '../../present/scheduled-messages.js';
import { selectRegisterDrafts } from '../../rules/drafts.js';
import { selectNavigationViews } from '../../rules/navigation-views.js';
import { selectUndeliveredReminders, selectUndeliveredScheduledMessages } from '../../rules/scheduled-messages.js';
import type { RegisterContext } from './register-context.js';

export function presentNavigationViewState({ state, actor }: RegisterContext): Record<string, unknown> {
  return { navigation_views: selectNavigationViews(state, actor).map(presentNavigationView) };
}

export function presentDraftState({ state, actor }: RegisterContext): Record<string, unknown> {
  return { drafts: selectRegisterDrafts(state, actor).map(presentDraft) };
}

export function presentScheduledMessageState({ state, actor }: RegisterContext): Record<string, unknown> {
  return { scheduled_messages: selectUndeliveredScheduledMessages(state, actor).map(presentScheduledMessage) };
}

export function presentReminderState({ state, actor }: RegisterContext): Record<string, unknown> {
  return { reminders: selectUndeliveredReminders(state, actor).map(presentReminder) };
}
