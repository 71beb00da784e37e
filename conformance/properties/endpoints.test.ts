/** The property table covers every route the server has, so a new endpoint cannot be left out. */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/model/routes.js';
import { endpointKey } from './endpoint-spec.js';
import { ENDPOINT_SPECS } from './endpoints.js';

const routes = ENDPOINTS.map((endpoint) => ({ key: endpointKey(endpoint), endpoint }));
const specs = new Map(ENDPOINT_SPECS.map((spec) => [endpointKey(spec), spec]));

describe('the property endpoint table', () => {
  it('has an entry for every route of src/model/routes.ts', () => {
    expect(routes.map((route) => route.key).filter((key) => !specs.has(key))).toEqual([]);
  });

  it('has no entry without a route, and no route twice', () => {
    const keys = new Set(routes.map((route) => route.key));
    expect(ENDPOINT_SPECS.map(endpointKey).filter((key) => !keys.has(key))).toEqual([]);
    expect(specs.size).toBe(ENDPOINT_SPECS.length);
  });

  it('agrees with each route on operation, authentication and names', () => {
    for (const { key, endpoint } of routes) {
      const spec = specs.get(key);
      if (spec === undefined) continue;
      expect({ key, operation: spec.operation, auth: spec.auth }).toEqual({ key, operation: endpoint.operation, auth: endpoint.auth });
      const declared = Object.keys(endpoint.params.shape);
      expect({ key, unknown: spec.params.map((param) => param.name).filter((name) => !declared.includes(name)) }).toEqual({ key, unknown: [] });
      expect({ key, pathParams: Object.keys(spec.pathParams ?? {}).sort() }).toEqual({ key, pathParams: Object.keys(endpoint.pathParams ?? {}).sort() });
    }
  });

  it('calls authenticated endpoints as someone and public ones as no one', () => {
    for (const spec of ENDPOINT_SPECS)
      expect({ op: spec.operation, anonymous: spec.actor === 'none' }).toEqual({ op: spec.operation, anonymous: spec.auth === 'none' });
  });
});
