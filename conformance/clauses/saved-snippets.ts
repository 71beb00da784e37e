/**
 * Saved snippets. The spec states the edit endpoint (both fields optional,
 * BAD_REQUEST for a snippet that does not exist), what a snippet holds, and
 * that users edit their own; listing, creating, deleting, the limits, the
 * 404 status and the events are the real server's behaviour (`compat`,
 * facts in server-messages-channels.md §11 and server-events.md §5.7).
 */
import type { Clause } from '../clauses.js';
import { compat, spec, withLevels } from './clause.js';

const LIST = 'GET /saved_snippets';
const CREATE = 'POST /saved_snippets';
const EDIT = 'PATCH /saved_snippets/{saved_snippet_id}';
const DELETE = 'DELETE /saved_snippets/{saved_snippet_id}';

const EDIT_SECTION = 'PATCH /saved_snippets/{saved_snippet_id}';
const facts = 'server-messages-channels.md: §11';
const ev = 'server-events.md: §5.7';

const ALL_SAVED_SNIPPET_CLAUSES: readonly Clause[] = [
  // ------------------------------------------------------------------ spec
  spec('snippets.edit.title', EDIT_SECTION, 'title, when sent, becomes the snippet’s title; the content stays', EDIT),
  spec('snippets.edit.content', EDIT_SECTION, 'content, when sent, becomes the snippet’s Markdown content; the title stays', EDIT),
  spec('snippets.edit.both', EDIT_SECTION, 'title and content may be sent together, and both change', EDIT),
  spec('snippets.edit.missing', `${EDIT_SECTION}; Errors`, 'editing a snippet that does not exist fails with BAD_REQUEST and changes nothing', EDIT),
  spec('snippets.edit.own', 'What the service does', 'a user edits their own saved snippets: another user’s is out of reach', EDIT),
  spec('snippets.record.fields', 'Other records', 'a saved snippet carries a title and a Markdown content', LIST),

  // ------------------------------------------------------------------ compat
  compat('snippets.list.own', facts, 'GET /saved_snippets lists the caller’s own snippets as {id, title, content, date_created in seconds}', LIST),
  compat('snippets.create.response', facts, 'POST /saved_snippets answers saved_snippet_id, and the new snippet is listed under it', CREATE),
  compat('snippets.create.trimmed', facts, 'title and content are stored without leading or trailing whitespace', CREATE),
  compat(
    'snippets.limits',
    facts,
    'a blank title or content is "<name> cannot be blank", a title over 60 or content over 10000 characters "<name> is too long (limit: N characters)"; nothing is stored',
    CREATE,
  ),
  compat('snippets.edit.not-found', facts, 'a missing or another user’s snippet is HTTP 404 with BAD_REQUEST and "Saved snippet does not exist."', EDIT),
  compat('snippets.edit.nothing', facts, 'a PATCH with neither title nor content succeeds at once, whatever snippet the id names, and changes nothing', EDIT),
  compat('snippets.edit.limits', facts, 'a PATCH value is held to the same trimming and limits as on creation', EDIT),
  compat('snippets.delete.own', facts, 'DELETE removes the caller’s snippet; a missing or another user’s is the same 404 and nothing goes', DELETE),
  compat('snippets.register', ev, 'register with saved_snippets answers the caller’s snippets as GET /saved_snippets lists them', LIST),
  compat('events.snippets.add', ev, 'creating a snippet sends saved_snippets op add with saved_snippet {id, title, content, date_created}', CREATE),
  compat('events.snippets.update', ev, 'editing a snippet sends saved_snippets op update with the whole snippet as it now is', EDIT),
  compat('events.snippets.remove', ev, 'deleting a snippet sends saved_snippets op remove with saved_snippet_id', DELETE),
  compat('events.snippets.owner-only', ev, 'saved_snippets events reach the snippet’s owner and nobody else', CREATE),
];

/** Saved snippets appeared at feature level 297, their editing at 368. */
export const SAVED_SNIPPET_CLAUSES: readonly Clause[] = withLevels(ALL_SAVED_SNIPPET_CLAUSES, {
  'snippets.*': 297,
  'events.snippets.*': 297,
  'snippets.edit.*': 368,
  'events.snippets.update': 368,
});
