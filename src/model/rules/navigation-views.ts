/**
 * Navigation views (the real server's zerver/views/navigation_views.py): a
 * user's settings for the built-in views of the left sidebar and their own
 * named views, each user's own and unique by fragment and by name.
 */
import { Errors } from '../errors.js';
import { accept, type Checked, reject } from '../outcome.js';
import type { NavigationView, State, User } from '../state.js';
import { getRow } from '../tables/table.js';

/** BUILT_IN_VIEW_FRAGMENTS: views the web app has without a setting; they take no name. */
export const BUILT_IN_VIEW_FRAGMENTS: readonly string[] = [
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
];

export function isBuiltInView(fragment: string): boolean {
  return BUILT_IN_VIEW_FRAGMENTS.includes(fragment);
}

/** The user's views in the order they were added. */
export function selectNavigationViews(state: State, user: User): readonly NavigationView[] {
  return getRow(state.navigationViewsByUser, user.id) ?? [];
}

function hasViewNamed(state: State, user: User, name: string): boolean {
  return selectNavigationViews(state, user).some((view) => view.name === name);
}

/** POST /navigation_views: built-in views take no name, custom ones need one; fragment and name must be new to the user. */
export function checkNewNavigationView(state: State, user: User, fragment: string, name: string | undefined): Checked<true> {
  if (isBuiltInView(fragment)) {
    if (name !== undefined) return reject(Errors.builtInViewNamed());
  } else if (name === undefined || name === '') {
    return reject(Errors.customViewUnnamed());
  }
  if (selectNavigationViews(state, user).some((view) => view.fragment === fragment)) return reject(Errors.navigationViewExists());
  if (name !== undefined && hasViewNamed(state, user, name)) return reject(Errors.navigationViewExists());
  return accept(true);
}

/** PATCH /navigation_views/{fragment}: the name checks come before the lookup, as in the real view. */
export function checkNavigationViewEdit(state: State, user: User, fragment: string, name: string | undefined): Checked<NavigationView> {
  if (isBuiltInView(fragment) && name !== undefined) return reject(Errors.builtInViewNamed());
  if (name !== undefined && hasViewNamed(state, user, name)) return reject(Errors.navigationViewExists());
  return accessNavigationView(state, user, fragment);
}

export function accessNavigationView(state: State, user: User, fragment: string): Checked<NavigationView> {
  const view = selectNavigationViews(state, user).find((candidate) => candidate.fragment === fragment);
  return view === undefined ? reject(Errors.navigationViewNotFound()) : accept(view);
}
