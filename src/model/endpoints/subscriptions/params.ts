/** Wire codecs the subscription endpoints share. */
import { z } from 'zod';
import { wire } from '../../params/wire.js';

/**
 * A value the real server reads as JSON that clients also send bare (e.g.
 * `unlimited` for `"unlimited"`): JSON when the text parses, else the text.
 */
export function jsonOrText<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    })
    .pipe(schema);
}

/** `principals`: all user ids (preferred) or all API e-mails. */
export const principalsParam = () => wire.json(z.union([z.array(z.int()), z.array(z.string())]));
