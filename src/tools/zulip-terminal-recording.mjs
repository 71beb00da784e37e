/**
 * Turns the recording proxy's exchanges into the committed replay file
 * (src/clients/zulip-terminal-session.json): each request as sent, with the
 * queue id and event id it carried replaced by placeholders (the replay
 * substitutes its own), and the answer's status and shape, not its values.
 */

const PLACEHOLDERS = { queue_id: '<queue_id>', last_event_id: '<last_event_id>' };
const MAX_DEPTH = 4;

/** The JSON type of every key, nested to MAX_DEPTH; an array is described by its first element. */
export function shapeOf(value, depth = 0) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0], depth + 1)];
  if (typeof value === 'object') {
    if (depth >= MAX_DEPTH) return 'object';
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner, depth + 1)]));
  }
  return typeof value;
}

function withPlaceholders(params) {
  if (params === null) return null;
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, PLACEHOLDERS[key] ?? value]));
}

export function toRecording(exchanges, { seed, scriptAgent }) {
  return {
    about:
      'HTTP exchanges of one scripted zulip-terminal session against chatref serve (src/tools/zulip-terminal-session.mjs --record), ' +
      'in the order the answers left the server; "script" exchanges are the other user\'s writes and the checks the script made. ' +
      'Replayed by src/clients/zulip-terminal-session.test.ts.',
    seed,
    exchanges: exchanges.map((exchange) => {
      const { json, ...request } = exchange;
      const isEvents = request.method === 'GET' && request.path === '/api/v1/events';
      const body = isEvents && json?.events ? { ...json, events: [] } : json;
      return {
        by: request.userAgent === scriptAgent ? 'script' : 'client',
        user: request.user,
        userAgent: request.userAgent,
        method: request.method,
        path: request.path,
        query: withPlaceholders(request.query),
        form: withPlaceholders(request.form),
        status: request.status,
        shape: body === null ? null : shapeOf(body),
        ...(isEvents && json?.events
          ? { events: json.events.map(({ type, op, ...rest }) => ({ type, ...(op === undefined ? {} : { op }), shape: shapeOf(rest) })) }
          : {}),
      };
    }),
  };
}
