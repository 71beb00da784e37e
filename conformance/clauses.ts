/**
 * The clause register: every normative statement of the spec (level `spec`)
 * and every real-server behaviour the suite relies on where the spec is
 * silent (level `compat`), each with a stable id. Checks name the clauses
 * they cover; the coverage test fails when a `spec` clause of an implemented
 * endpoint has no check. One file per area under clauses/.
 */
import type { Level } from './check.js';
import { ADMIN_CLAUSES } from './clauses/admin.js';
import { AUTH_CLAUSES } from './clauses/auth.js';
import { BOT_CLAUSES } from './clauses/bots.js';
import { CHANNEL_CLAUSES } from './clauses/channels.js';
import { DEV_LOGIN_CLAUSES } from './clauses/dev-logins.js';
import { DRAFT_CLAUSES } from './clauses/drafts.js';
import { EVENT_ORACLE_CLAUSES } from './clauses/event-oracle.js';
import { EVENT_CLAUSES } from './clauses/events.js';
import { GENERAL_CLAUSES } from './clauses/general.js';
import { GROUP_CLAUSES } from './clauses/groups.js';
import { LINKIFIER_CLAUSES } from './clauses/linkifiers.js';
import { MESSAGE_EDIT_CLAUSES } from './clauses/message-edits.js';
import { MESSAGE_EVENT_CLAUSES } from './clauses/message-events.js';
import { MESSAGE_FLAG_CLAUSES } from './clauses/message-flags.js';
import { MESSAGE_CLAUSES } from './clauses/messages.js';
import { PERSONAL_CLAUSES } from './clauses/personal.js';
import { PRESENCE_CLAUSES } from './clauses/presence.js';
import { PROFILE_CLAUSES } from './clauses/profile.js';
import { PROPERTY_CLAUSES } from './clauses/properties.js';
import { REACTION_CLAUSES, REPORT_CLAUSES } from './clauses/reactions.js';
import { REALM_CLAUSES } from './clauses/realm.js';
import { REALM_EMOJI_CLAUSES } from './clauses/realm-emoji.js';
import { SAVED_SNIPPET_CLAUSES } from './clauses/saved-snippets.js';
import { SCHEDULED_MESSAGE_CLAUSES } from './clauses/scheduled-messages.js';
import { STREAM_CLAUSES } from './clauses/streams.js';
import { TYPING_CLAUSES } from './clauses/typing.js';
import { UPLOAD_CLAUSES } from './clauses/uploads.js';
import { USER_CLAUSES } from './clauses/users.js';
import { VIDEO_CALL_CLAUSES } from './clauses/video-calls.js';

export interface Clause {
  /** Stable id, `area.subject.rule`, e.g. `subscribe.principal.deactivated`. */
  readonly id: string;
  /** Where the spec states it (a heading of team-chat-api.md), or the reference section for `compat`. */
  readonly section: string;
  /** The rule in one line, in our own words. */
  readonly summary: string;
  readonly level: Level;
  /** `METHOD /path/{param}` when the clause is about one endpoint; absent for cross-cutting rules. */
  readonly endpoint?: string;
  /** The feature level the rule holds from (absent: every level). */
  readonly since?: number;
  /** The feature level the rule holds until, exclusive: an older form the server changed there. */
  readonly before?: number;
}

export const CLAUSES: readonly Clause[] = [
  ...GENERAL_CLAUSES,
  ...AUTH_CLAUSES,
  ...USER_CLAUSES,
  ...BOT_CLAUSES,
  ...PROFILE_CLAUSES,
  ...CHANNEL_CLAUSES,
  ...STREAM_CLAUSES,
  ...GROUP_CLAUSES,
  ...REALM_CLAUSES,
  ...LINKIFIER_CLAUSES,
  ...REALM_EMOJI_CLAUSES,
  ...MESSAGE_CLAUSES,
  ...REACTION_CLAUSES,
  ...REPORT_CLAUSES,
  ...MESSAGE_FLAG_CLAUSES,
  ...MESSAGE_EDIT_CLAUSES,
  ...EVENT_CLAUSES,
  ...MESSAGE_EVENT_CLAUSES,
  ...EVENT_ORACLE_CLAUSES,
  ...TYPING_CLAUSES,
  ...UPLOAD_CLAUSES,
  ...SAVED_SNIPPET_CLAUSES,
  ...DRAFT_CLAUSES,
  ...SCHEDULED_MESSAGE_CLAUSES,
  ...PRESENCE_CLAUSES,
  ...VIDEO_CALL_CLAUSES,
  ...DEV_LOGIN_CLAUSES,
  ...PERSONAL_CLAUSES,
  ...ADMIN_CLAUSES,
  ...PROPERTY_CLAUSES,
];

const byId = new Map(CLAUSES.map((clause) => [clause.id, clause]));

export function clauseById(id: string): Clause | undefined {
  return byId.get(id);
}
