/**
 * The clause register and the checks agree: every spec clause of an endpoint
 * the model implements (or of no endpoint) is named by a check, every named
 * clause exists, and ids are unique.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/model/routes.js';
import { ALL_CHECKS } from './checks/index.js';
import { CLAUSES } from './clauses.js';

/** `METHOD /path/{param}` with parameter names erased, so {id} and {user_id} compare equal. */
function routeKey(endpoint: string): string {
  return endpoint.trim().replace(/\{[^}]*\}/g, '{}');
}

const IMPLEMENTED = new Set(ENDPOINTS.map((endpoint) => routeKey(`${endpoint.method} ${endpoint.path}`)));

function duplicates(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(ids.filter((id) => seen.size === seen.add(id).size))];
}

describe('clause coverage', () => {
  it('names every spec clause of an implemented endpoint (or of no endpoint) in at least one check', () => {
    const named = new Set(ALL_CHECKS.flatMap((check) => check.clauses));
    const uncovered = CLAUSES.filter(
      (clause) => clause.level === 'spec' && (clause.endpoint === undefined || IMPLEMENTED.has(routeKey(clause.endpoint))) && !named.has(clause.id),
    ).map((clause) => `${clause.id}${clause.endpoint === undefined ? '' : ` (${clause.endpoint})`}`);
    expect(uncovered).toEqual([]);
  });

  it('only names clauses the register holds', () => {
    const known = new Set(CLAUSES.map((clause) => clause.id));
    const namedBy = new Map<string, string[]>();
    for (const check of ALL_CHECKS) {
      for (const id of check.clauses.filter((clause) => !known.has(clause))) namedBy.set(id, [...(namedBy.get(id) ?? []), check.id]);
    }
    const unknown = [...namedBy].map(([id, checks]) => `${id} (named by ${checks[0]}${checks.length > 1 ? ` and ${checks.length - 1} more` : ''})`);
    expect(unknown).toEqual([]);
  });

  it('has unique clause ids and unique check ids', () => {
    expect(duplicates(CLAUSES.map((clause) => clause.id))).toEqual([]);
    expect(duplicates(ALL_CHECKS.map((check) => check.id))).toEqual([]);
  });

  it('writes endpoints as `METHOD /path`', () => {
    const shape = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \/\S*$/;
    const bad = [
      ...CLAUSES.filter((clause) => clause.endpoint !== undefined && !shape.test(clause.endpoint)).map((clause) => `${clause.id}: ${clause.endpoint}`),
      ...ALL_CHECKS.filter((check) => !shape.test(check.endpoint)).map((check) => `${check.id}: ${check.endpoint}`),
    ];
    expect(bad).toEqual([]);
  });
});
