/** The in-process target: the pure model behind the same call shape, no sockets. */
import { createModel, type ModelOptions } from '../../src/in-process.js';
import { authorizationHeader, type Target } from '../target.js';

export function modelTarget(options: ModelOptions = {}): Target {
  const model = createModel(options);
  return {
    name: 'model',
    async call(auth, method, path, params = {}, files = []) {
      const response = model.call(method, path, params, { auth: authorizationHeader(auth), files });
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
      return { status: response.status, headers, body: response.body };
    },
    async close() {},
  };
}
