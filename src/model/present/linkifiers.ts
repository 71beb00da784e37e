/** Linkifier → the API's linkifier object (GET /realm/linkifiers, register, the realm_linkifiers event). */
import type { Linkifier, State } from '../state.js';

export function presentLinkifier(linkifier: Linkifier): Record<string, unknown> {
  return {
    pattern: linkifier.pattern,
    url_template: linkifier.urlTemplate,
    id: linkifier.id,
    example_input: linkifier.exampleInput,
    reverse_template: linkifier.reverseTemplate,
    alternative_url_templates: [...linkifier.alternativeUrlTemplates],
  };
}

/** Every linkifier of the realm, in processing order. */
export function presentLinkifiers(state: State): Record<string, unknown>[] {
  return state.linkifiers.map(presentLinkifier);
}
