/** The parameters that define a linkifier, shared by adding and replacing one. */
import { z } from 'zod';
import { wire } from '../../params/wire.js';
import type { LinkifierInput } from '../../rules/linkifiers.js';

export const linkifierParams = {
  pattern: z.string(),
  url_template: z.string(),
  example_input: z.string().optional(),
  reverse_template: z.string().optional(),
  alternative_url_templates: wire.json(z.array(z.string())).optional(),
};

export function linkifierInput(params: {
  readonly pattern: string;
  readonly url_template: string;
  readonly example_input?: string | undefined;
  readonly reverse_template?: string | undefined;
  readonly alternative_url_templates?: readonly string[] | undefined;
}): LinkifierInput {
  return {
    pattern: params.pattern,
    urlTemplate: params.url_template,
    exampleInput: params.example_input ?? null,
    reverseTemplate: params.reverse_template ?? null,
    alternativeUrlTemplates: params.alternative_url_templates ?? [],
  };
}
