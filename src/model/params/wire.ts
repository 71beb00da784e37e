/**
 * Zod codecs for the real server's wire encoding: strings travel raw;
 * integers, booleans, arrays and objects travel as JSON text. Messages use
 * the `{var}` placeholder, filled in with the parameter's name on failure.
 */
import { z } from 'zod';

export const VAR = '{var}';

function parseJsonText(text: string, ctx: z.RefinementCtx): unknown {
  try {
    return JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: `${VAR} is not valid JSON` });
    return z.NEVER;
  }
}

/** A JSON-encoded value validated by `schema`. */
export function json<T extends z.ZodType>(schema: T) {
  return z.string().transform(parseJsonText).pipe(schema);
}

/** Length in Unicode code points, as the real server counts. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** A string of at most `max` code points. */
export function maxChars(max: number) {
  return z.string().superRefine((text, ctx) => {
    if (codePointLength(text) > max) {
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: text });
    }
  });
}

export const wire = {
  string: () => z.string(),
  int: () => json(z.int()),
  bool: () => json(z.boolean()),
  intArray: () => json(z.array(z.int())),
  json,
} as const;
