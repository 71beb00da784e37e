/**
 * Drafts and navigation views: each user's own records the web app
 * synchronises. The spec does not state them; every clause is the real
 * server's behaviour (`compat`, zerver/lib/drafts.py and
 * zerver/views/navigation_views.py; events in server-events.md §5.7).
 */
import type { Clause } from '../clauses.js';
import { compat, withLevels } from './clause.js';

const DRAFTS = 'GET /drafts';
const CREATE_DRAFTS = 'POST /drafts';
const EDIT_DRAFT = 'PATCH /drafts/{draft_id}';
const DELETE_DRAFT = 'DELETE /drafts/{draft_id}';
const VIEWS = 'GET /navigation_views';
const ADD_VIEW = 'POST /navigation_views';
const EDIT_VIEW = 'PATCH /navigation_views/{fragment}';
const REMOVE_VIEW = 'DELETE /navigation_views/{fragment}';

const drafts = 'zerver/lib/drafts.py';
const views = 'zerver/views/navigation_views.py';
const ev = 'server-events.md: §5.7';

const ALL_DRAFT_CLAUSES: readonly Clause[] = [
  compat(
    'drafts.create.list',
    drafts,
    'POST /drafts answers the new ids in the order sent; GET /drafts lists {id, type, to, topic, content, timestamp} with a count',
    CREATE_DRAFTS,
  ),
  compat(
    'drafts.create.refused',
    drafts,
    'a channel draft needs exactly one visible channel, a timestamp must not be negative, content must not be blank; nothing of the batch is stored',
    CREATE_DRAFTS,
  ),
  compat('drafts.edit', drafts, 'PATCH replaces the whole draft; a missing or another user’s draft is 404 "Draft does not exist"', EDIT_DRAFT),
  compat('drafts.delete', drafts, 'DELETE removes the caller’s draft; a missing or another user’s draft is the same 404', DELETE_DRAFT),
  compat('drafts.register', drafts, 'register with drafts lists the caller’s drafts, newest edit first', DRAFTS),
  compat('events.drafts', ev, 'drafts events add (drafts), update (draft) and remove (draft_id) reach the owner and nobody else', CREATE_DRAFTS),

  compat(
    'navigation-views.add.list',
    views,
    'POST /navigation_views stores {fragment, is_pinned, name}; GET lists the caller’s views in the order added',
    ADD_VIEW,
  ),
  compat(
    'navigation-views.add.refused',
    views,
    'a built-in view takes no name, a custom view needs one, and a fragment or name may not repeat; nothing is stored',
    ADD_VIEW,
  ),
  compat(
    'navigation-views.edit',
    views,
    'PATCH /navigation_views/{fragment} finds the view by its percent-encoded fragment and changes what is sent; a missing view is 404',
    EDIT_VIEW,
  ),
  compat('navigation-views.remove', views, 'DELETE removes the caller’s view; a missing one is 404 "Navigation view does not exist."', REMOVE_VIEW),
  compat('navigation-views.register', views, 'register with navigation_views lists what GET /navigation_views lists', VIEWS),
  compat(
    'events.navigation-views',
    ev,
    'navigation_view events add, update (fragment and the changed data) and remove reach the owner and nobody else',
    ADD_VIEW,
  ),
];

/** Navigation views appeared at feature level 390. */
export const DRAFT_CLAUSES: readonly Clause[] = withLevels(ALL_DRAFT_CLAUSES, { 'navigation-views.*': 390, 'events.navigation-views': 390 });
