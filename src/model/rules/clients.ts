/** The sending client's name, and whether it is a person's interactive client (reference server-events §6). */

/** The real server's parse_user_agent: the product name before the first `/` or space. */
const USER_AGENT_NAME = /^([^/ ]*[^0-9/(]*)(\/([^/ ]*))?([ /].*)?$/;

/** `client` if the request names one, else the User-Agent's product name, else "Unspecified". */
export function clientNameFrom(clientParam: string | undefined, userAgent: string | null | undefined): string {
  if (clientParam !== undefined && clientParam !== '') return clientParam;
  if (userAgent === null || userAgent === undefined || userAgent === '') return 'Unspecified';
  const name = USER_AGENT_NAME.exec(userAgent)?.[1]?.trim();
  return name === undefined || name === '' ? 'Unspecified' : name;
}

const HUMAN_CLIENTS = new Set([
  'website',
  'ios',
  'android',
  'zulipandroid',
  'zulipios',
  'zulipdesktop',
  'zulipmobile',
  'zulipelectron',
  'zulipterminal',
  'snipe',
]);

/** Whether messages from this client start read for their sender (Message.sent_by_human). */
export function isSentByHuman(clientName: string): boolean {
  const name = clientName.toLowerCase();
  return HUMAN_CLIENTS.has(name) || name.includes('desktop app');
}
