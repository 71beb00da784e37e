/**
 * Writing navigation views (the real server's zerver/actions/navigation_views.py):
 * each write tells only the owner, with a `navigation_view` event.
 */
import { Audiences } from '../events/audience.js';
import type { Tx } from '../events/commit.js';
import { presentNavigationView } from '../present/navigation-views.js';
import type { NavigationView, User, WritableState } from '../state.js';
import { getRow, withoutRow, withRow } from '../tables/table.js';

function putViewsMutably(tx: Tx, user: User, views: readonly NavigationView[]): void {
  const state = tx.draft as WritableState;
  state.navigationViewsByUser =
    views.length === 0 ? withoutRow(state.navigationViewsByUser, user.id) : withRow(state.navigationViewsByUser, user.id, Object.freeze([...views]));
}

function viewsOf(tx: Tx, user: User): readonly NavigationView[] {
  return getRow((tx.draft as WritableState).navigationViewsByUser, user.id) ?? [];
}

export function addNavigationView(tx: Tx, user: User, view: NavigationView): void {
  putViewsMutably(tx, user, [...viewsOf(tx, user), Object.freeze(view)]);
  tx.emit({ type: 'navigation_view', op: 'add', navigation_view: presentNavigationView(view) }, Audiences.users([user.id]));
}

/** Sets what is given; the event's `data` holds exactly those fields (empty when neither was). */
export function updateNavigationView(tx: Tx, user: User, fragment: string, change: { readonly isPinned?: boolean; readonly name?: string }): void {
  const data: Record<string, unknown> = {};
  if (change.name !== undefined) data['name'] = change.name;
  if (change.isPinned !== undefined) data['is_pinned'] = change.isPinned;
  const views = viewsOf(tx, user).map((view) =>
    view.fragment === fragment
      ? Object.freeze({
          ...view,
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.isPinned === undefined ? {} : { isPinned: change.isPinned }),
        })
      : view,
  );
  putViewsMutably(tx, user, views);
  tx.emit({ type: 'navigation_view', op: 'update', fragment, data }, Audiences.users([user.id]));
}

export function removeNavigationView(tx: Tx, user: User, fragment: string): void {
  putViewsMutably(
    tx,
    user,
    viewsOf(tx, user).filter((view) => view.fragment !== fragment),
  );
  tx.emit({ type: 'navigation_view', op: 'remove', fragment }, Audiences.users([user.id]));
}
