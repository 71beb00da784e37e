/**
 * The reference model run side by side with a target: a fresh in-process
 * model of the default realm, in which the run's entities are mirrored
 * through its API. Entities are known by logical name ("owner", "user3"),
 * which both sides map to their own ids and credentials.
 */
import { createModel, type Model } from '../../src/in-process.js';
import { headerText, type ModelResponse } from '../../src/model/request.js';
import { selectUserByDeliveryEmail } from '../../src/model/rules/users.js';
import { DESDEMONA } from '../../src/testing/default-realm.js';
import type { TargetCredentials, TargetResponse } from '../target.js';
import type { Names } from './normalize.js';

const PASSWORD = 'Reference-Mirror-Pw-7319!';
const DOMAIN = 'chatref.test';

function lowerCaseHeaders(headers: ModelResponse['headers']): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), headerText(value)]));
}

export class Reference {
  private readonly model: Model;
  private readonly ids = new Map<number, string>();
  private readonly emails = new Map<string, string>();
  private readonly byName = new Map<string, { readonly id: number; readonly credentials: TargetCredentials }>();

  /** `featureLevel`: the target's, so that the reference answers as a server of the same version. */
  constructor(seed: number, featureLevel?: number) {
    let now = 1_760_000_000;
    this.model = createModel({ seed: `reference-${seed}`, clock: () => (now += 1), ...(featureLevel === undefined ? {} : { featureLevel }) });
    this.remember('owner', DESDEMONA.userId, DESDEMONA);
  }

  get names(): Names {
    return { ids: this.ids, emails: this.emails };
  }

  private remember(name: string, id: number, credentials: TargetCredentials): void {
    this.ids.set(id, name);
    this.emails.set(credentials.email.toLowerCase(), name);
    this.byName.set(name, { id, credentials });
  }

  /** Takes the target realm's default e-mail visibility for new users, so that the accounts a run makes are alike on both sides. */
  followNewUserVisibility(visibility: number): void {
    this.call('owner', 'PATCH', '/realm/user_settings_defaults', { email_address_visibility: String(visibility) });
  }

  idOf(name: string): number {
    const entry = this.byName.get(name);
    if (entry === undefined) throw new Error(`the reference has no entity named ${name}`);
    return entry.id;
  }

  call(caller: string, method: string, path: string, params: Readonly<Record<string, string>> = {}): TargetResponse {
    const credentials = this.byName.get(caller)?.credentials ?? null;
    const response = this.model.call(method, path, params, { auth: credentials });
    return { status: response.status, headers: lowerCaseHeaders(response.headers), body: response.body };
  }

  /**
   * Brings a mirrored user to the state read from the target (role, name,
   * deactivation), so that a run after a failed one starts in step again.
   */
  sync(name: string, state: { readonly role: number; readonly active: boolean; readonly fullName: string }): void {
    const id = this.idOf(name);
    const read = (this.call('owner', 'GET', `/users/${id}`).body as { user?: Record<string, unknown> } | null)?.user;
    if (read === undefined) return;
    const changes: Record<string, string> = {};
    if (read['role'] !== state.role) changes['role'] = String(state.role);
    if (read['full_name'] !== state.fullName) changes['full_name'] = state.fullName;
    if (Object.keys(changes).length > 0) this.call('owner', 'PATCH', `/users/${id}`, changes);
    if (read['is_active'] === true && !state.active) this.call('owner', 'DELETE', `/users/${id}`);
  }

  /**
   * Creates `name` as a user with the same address local part, full name and
   * role as on the target; returns the answer to its POST /users.
   */
  createUser(name: string, localPart: string, fullName: string, role: number): TargetResponse {
    const email = `${localPart}@${DOMAIN}`.toLowerCase();
    const made = this.call('owner', 'POST', '/users', { email, password: PASSWORD, full_name: fullName });
    const id = (made.body as Record<string, unknown> | null)?.['user_id'];
    if (typeof id !== 'number') return made;
    if (role !== 400) this.call('owner', 'PATCH', `/users/${id}`, { role: String(role) });
    // The reference is our own model, so its state may be read: a key fetch would only cost a password hash.
    const apiKey = selectUserByDeliveryEmail(this.model.state, email)?.apiKey;
    if (apiKey === undefined) throw new Error(`the reference lost the user it just created: ${email}`);
    this.remember(name, id, { email, apiKey });
    return made;
  }
}
