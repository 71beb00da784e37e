/** A fragment or a view name as the real server's parameters read them: trimmed, then at least one character. */
import { z } from 'zod';
import { trimWhiteSpace } from '../saved-snippets/params.js';

export function viewText() {
  return z.string().transform(trimWhiteSpace).pipe(z.string().min(1));
}
