/** A navigation view as the API shows it (NavigationView.to_api_dict). */
import type { NavigationView } from '../state.js';

export function presentNavigationView(view: NavigationView): Record<string, unknown> {
  return { fragment: view.fragment, is_pinned: view.isPinned, name: view.name };
}
