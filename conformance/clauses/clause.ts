/** The two ways a clause enters a register: stated by the spec, or the real server's behaviour where the spec is silent. */
import type { Clause } from '../clauses.js';

export function spec(id: string, section: string, summary: string, endpoint?: string): Clause {
  return endpoint === undefined ? { id, section, summary, level: 'spec' } : { id, section, summary, level: 'spec', endpoint };
}

export function compat(id: string, section: string, summary: string, endpoint?: string): Clause {
  return endpoint === undefined ? { id, section, summary, level: 'compat' } : { id, section, summary, level: 'compat', endpoint };
}

/**
 * The clause, holding from feature level `level` on. A check none of whose
 * clauses holds at the target's level is skipped; reports leave out the
 * clauses that do not hold there.
 */
export function since(level: number, clause: Clause): Clause {
  return { ...clause, since: level };
}

/** The clause, holding below feature level `level` only: the older form of a rule the server changed there. */
export function until(level: number, clause: Clause): Clause {
  return { ...clause, before: level };
}

/**
 * The clauses with the feature levels they hold from, by id (`prefix*`
 * names every id that starts with prefix; an exact id wins over a prefix, a longer prefix over a shorter).
 * Throws for a key that names no clause, so a renamed clause cannot lose its level.
 */
export function withLevels(clauses: readonly Clause[], levels: Readonly<Record<string, number>>): readonly Clause[] {
  const keys = Object.keys(levels);
  const matches = (key: string, id: string) => (key.endsWith('*') ? id.startsWith(key.slice(0, -1)) : id === key);
  for (const key of keys) if (!clauses.some((clause) => matches(key, clause.id))) throw new Error(`withLevels: no clause matches ${key}`);
  return clauses.map((clause) => {
    const key =
      keys.find((candidate) => candidate === clause.id) ?? [...keys].sort((a, b) => b.length - a.length).find((candidate) => matches(candidate, clause.id));
    return key === undefined ? clause : since(levels[key] as number, clause);
  });
}
