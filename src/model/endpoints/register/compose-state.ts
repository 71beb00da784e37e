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
import type { State, User } from '../../state.js';

export function presentComposeState(state: State, actor: User, want: (type: string) => boolean): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (want('navigation_views')) data['navigation_views'] = selectNavigationViews(state, actor).map(presentNavigationView);
  if (want('drafts')) data['drafts'] = selectRegisterDrafts(state, actor).map(presentDraft);
  if (want('scheduled_messages')) data['scheduled_messages'] = selectUndeliveredScheduledMessages(state, actor).map(presentScheduledMessage);
  if (want('reminders')) data['reminders'] = selectUndeliveredReminders(state, actor).map(presentReminder);
  return data;
}
