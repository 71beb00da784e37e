/** The two ways a clause enters a register: stated by the spec, or the real server's behaviour where the spec is silent. */
import type { Clause } from '../clauses.js';

export function spec(id: string, section: string, summary: string, endpoint?: string): Clause {
  return endpoint === undefined ? { id, section, summary, level: 'spec' } : { id, section, summary, level: 'spec', endpoint };
}

export function compat(id: string, section: string, summary: string, endpoint?: string): Clause {
  return endpoint === undefined ? { id, section, summary, level: 'compat' } : { id, section, summary, level: 'compat', endpoint };
}
