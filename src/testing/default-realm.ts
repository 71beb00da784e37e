/** The default fixture's cast and a fresh in-process model, for tests. */
import { type Credentials, createModel, type Model } from '../in-process.js';
import type { ModelResponse } from '../model/request.js';

export const T0 = 1_750_000_000;

function cast(email: string, apiKey: string, userId: number, password?: string) {
  return { email, apiKey, userId, password } as const;
}

export const DESDEMONA = cast('desdemona@chatref.test', 'DesdemonaOwnerKey000000000000001', 1, 'desdemona-chatref-pw');
export const IAGO = cast('iago@chatref.test', 'IagoAdministratorKey000000000002', 2, 'iago-chatref-pw');
export const SHIVA = cast('shiva@chatref.test', 'ShivaModeratorKey000000000000003', 3, 'shiva-chatref-pw');
export const HAMLET = cast('hamlet@chatref.test', 'HamletMemberKey00000000000000004', 4, 'hamlet-chatref-pw');
export const CORDELIA = cast('cordelia@chatref.test', 'CordeliaMemberKey000000000000005', 5, 'cordelia-chatref-pw');
export const POLONIUS = cast('polonius@chatref.test', 'PoloniusGuestKey0000000000000006', 6, 'polonius-chatref-pw');
export const OTHELLO = cast('othello@chatref.test', 'OthelloDeactivatedKey00000000007', 7, 'othello-chatref-pw');
export const HAMLET_BOT = cast('hamlet-bot@chatref.test', 'HamletGenericBotKey0000000000008', 8);

/** Profile field ids of the default fixture, by type. */
export const FIELD = { phone: 1, biography: 2, editor: 3, birthday: 4, website: 5, mentor: 6, github: 7, pronouns: 8 } as const;

/** Channel ids of the default fixture (see README: the default realm). */
export const CHANNEL = { general: 1, denmark: 2, verona: 3, scotland: 4, moderation: 5, elsinore: 6 } as const;

/** User-defined group ids of the default fixture: leadership ⊃ support team ⊃ hamletcharacters. */
export const GROUP = { hamletcharacters: 9, supportTeam: 10, leadership: 11 } as const;

export function newModel(): Model {
  let now = T0;
  return createModel({ seed: 'tests', clock: () => (now += 1) });
}

type Actor = Pick<Credentials, 'email' | 'apiKey'>;

/** A small client over a model: call as a user, read bodies. */
export function as(model: Model, actor: Actor | null) {
  const call = (method: string, path: string, params: Record<string, string> = {}): ModelResponse => model.call(method, path, params, { auth: actor });
  return {
    get: (path: string, params?: Record<string, string>) => call('GET', path, params),
    post: (path: string, params?: Record<string, string>) => call('POST', path, params),
    patch: (path: string, params?: Record<string, string>) => call('PATCH', path, params),
    delete: (path: string, params?: Record<string, string>) => call('DELETE', path, params),
  };
}

export function body(response: ModelResponse): Record<string, any> {
  return response.body as Record<string, any>;
}

/** Asserts an error envelope and returns its body. */
export function expectError(response: ModelResponse, status: number, code: string, msg?: string): Record<string, any> {
  const data = body(response);
  const summary = JSON.stringify(data);
  if (response.status !== status || data['result'] !== 'error' || data['code'] !== code || (msg !== undefined && data['msg'] !== msg)) {
    throw new Error(`expected ${status} ${code}${msg ? ` "${msg}"` : ''}, got ${response.status} ${summary}`);
  }
  return data;
}

export function expectSuccess(response: ModelResponse): Record<string, any> {
  const data = body(response);
  if (response.status !== 200 || data['result'] !== 'success' || data['msg'] !== '') {
    throw new Error(`expected success, got ${response.status} ${JSON.stringify(data)}`);
  }
  return data;
}
