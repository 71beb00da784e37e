import { describe, expect, it } from 'vitest';
import { ENDPOINTS, matchRoute } from './routes.js';

describe('the router', () => {
  it('prefers literal segments, then integers, then strings', () => {
    expect(matchRoute('GET', '/users/me')).toMatchObject({ kind: 'found', endpoint: { operation: 'get-own-user' } });
    expect(matchRoute('GET', '/users/12')).toMatchObject({ kind: 'found', endpoint: { operation: 'get-user' }, path: { user_id: 12 } });
    expect(matchRoute('GET', '/users/a%40b.c')).toMatchObject({ kind: 'found', endpoint: { operation: 'get-user-by-email' }, path: { email: 'a@b.c' } });
  });

  it('lets the most specific path decide the allowed methods', () => {
    expect(matchRoute('PATCH', '/users/me')).toEqual({ kind: 'method-not-allowed', allowed: ['DELETE', 'GET', 'HEAD'] });
    expect(matchRoute('DELETE', '/users/someone@example.com')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'HEAD', 'PATCH'] });
    expect(matchRoute('HEAD', '/users')).toMatchObject({ kind: 'found', endpoint: { operation: 'get-users' } });
  });

  it('answers unknown paths and undecodable segments as not found', () => {
    expect(matchRoute('GET', '/no/such/thing')).toEqual({ kind: 'not-found' });
    expect(matchRoute('GET', '/users/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('has one endpoint per method and path', () => {
    const keys = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
