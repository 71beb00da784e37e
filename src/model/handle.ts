/**
 * The model's single entry: (state, request) → (state', response, events).
 * Route → authenticate → parse → reduce → envelope. Pure and deterministic:
 * the clock and the randomness arrive with the request.
 */
import { authenticate } from './auth.js';
import { EntropyReader } from './entropy.js';
import { errorResponse, successResponse } from './envelope.js';
import { Errors } from './errors.js';
import type { Emission, QueueCommand } from './events/event.js';
import { endpointExistsAt, levelView, requestAtLevel, responseAtLevel } from './feature-levels/at-level.js';
import type { ContentUse } from './outcome.js';
import { parseParams } from './params/parse.js';
import type { ModelRequest, ModelResponse } from './request.js';
import { endpointsAtPath, matchRoute } from './routes.js';
import { clientNameFrom } from './rules/clients.js';
import { isAdministrator, isBot, isGuest } from './rules/roles.js';
import { authenticateJsonRequest } from './rules/sessions.js';
import type { State } from './state.js';
import { unimplementedOperation } from './unimplemented.js';

export interface HandleResult {
  readonly state: State;
  readonly response: ModelResponse;
  /** What the request changed, with the users who may learn of it. */
  readonly events: readonly Emission[];
  /** For the event-queue endpoints: what the store must do. */
  readonly queue?: QueueCommand;
  /** Stored contents the state took or let go of: the store deletes what no longer belongs (uploads). */
  readonly content?: ContentUse;
}

const NO_EVENTS: readonly Emission[] = Object.freeze([]);

function failed(state: State, error: Parameters<typeof errorResponse>[0]): HandleResult {
  return { state, response: errorResponse(error), events: NO_EVENTS };
}

export function handle(state: State, request: ModelRequest): HandleResult {
  const method = request.method.toUpperCase();
  const route = matchRoute(method, request.path);
  if (route.kind === 'not-found') return failed(state, unimplementedOperation(method, request.path) ?? Errors.notFound());
  // No endpoint answers OPTIONS itself, so the router lists the path's methods, as the real server does with 204.
  if (method === 'OPTIONS' && route.kind === 'method-not-allowed') {
    return { state, response: { status: 204, headers: { Allow: route.allowed.join(', ') }, body: null }, events: NO_EVENTS };
  }
  if (route.kind === 'method-not-allowed') return failed(state, unimplementedOperation(method, request.path) ?? Errors.methodNotAllowed(route.allowed));
  const { endpoint } = route;
  const view = levelView(state.featureLevel);
  if (!endpointExistsAt(view, endpoint)) {
    // As a server of that level: the path is unknown, or only its other methods exist.
    const allowed = endpointsAtPath(endpoint.path).filter((sibling) => endpointExistsAt(view, sibling));
    if (allowed.length === 0) return failed(state, Errors.notFound());
    return failed(state, Errors.methodNotAllowed(allowed.map((sibling) => sibling.method).sort()));
  }
  const levelRequest = requestAtLevel(view, endpoint.operation, request.params, state);
  const atLevel = (result: HandleResult): HandleResult => {
    if (view.isNewest) return result;
    const response = responseAtLevel(view, endpoint.operation, result.response, { state: result.state, params: levelRequest.params });
    return response === result.response ? result : { ...result, response };
  };

  let actor = null;
  if (endpoint.auth === 'basic') {
    const authenticated =
      request.surface === 'json'
        ? authenticateJsonRequest(state, request, Math.floor(request.now), (header) => authenticate(state, header))
        : authenticate(state, request.authorization);
    if (!authenticated.ok) return atLevel(failed(state, authenticated.error));
    actor = authenticated.value;
    if (endpoint.requiresMember && isGuest(actor)) return atLevel(failed(state, Errors.notForGuests()));
    const allowBots = typeof endpoint.allowBots === 'function' ? endpoint.allowBots(state) : endpoint.allowBots !== false;
    if (!allowBots && isBot(actor)) return atLevel(failed(state, Errors.notForBots()));
    if (endpoint.requiresAdministrator && !isAdministrator(actor)) return atLevel(failed(state, Errors.mustBe('administrator')));
  }

  const parsed = parseParams(endpoint.params, levelRequest.params, endpoint.aliases);
  if (!parsed.ok) return atLevel(failed(state, parsed.error));
  const ignored = levelRequest.ignored.length === 0 ? parsed.ignored : [...parsed.ignored, ...levelRequest.ignored].sort();

  const context = {
    params: parsed.value,
    path: route.path,
    files: request.files ?? [],
    // Stored timestamps are whole seconds, as the real server's are.
    now: Math.floor(request.now),
    entropy: new EntropyReader(request.entropy),
    origin: request.origin ?? `https://${state.realm.host}`,
    serverGeneration: request.serverGeneration ?? state.realm.dateCreated,
    clientName: clientNameFrom(request.params['client'], request.userAgent),
  };
  const outcome = endpoint.auth === 'basic' ? endpoint.reduce(state, { ...context, actor: actor! }) : endpoint.reduce(state, { ...context, actor: null });
  if (!outcome.ok) return atLevel(failed(state, outcome.error));
  const success = successResponse(outcome.data, ignored);
  const response = outcome.headers === undefined ? success : { ...success, headers: { ...success.headers, ...outcome.headers } };
  return atLevel({
    state: outcome.state,
    response,
    events: outcome.events,
    ...(outcome.queue === undefined ? {} : { queue: outcome.queue }),
    ...(outcome.content === undefined ? {} : { content: outcome.content }),
  });
}
