/** The realm playground dict of the API (the real server's RealmPlaygroundDict). */
import type { RealmPlayground, State } from '../state.js';

export function presentPlayground(playground: RealmPlayground): Record<string, unknown> {
  return { id: playground.id, name: playground.name, pygments_language: playground.pygmentsLanguage, url_template: playground.urlTemplate };
}

export function presentPlaygrounds(state: State): Record<string, unknown>[] {
  return state.realmPlaygrounds.map(presentPlayground);
}
