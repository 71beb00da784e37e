/** Address validation close to Django's EmailValidator, which the real server uses. */

const LOCAL_PART = /^[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*$/i;
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

export function isValidEmail(email: string): boolean {
  if (email.length > 254 || /\s/.test(email)) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!LOCAL_PART.test(local)) return false;
  if (domain === 'localhost') return true;
  const labels = domain.split('.');
  if (labels.length < 2 || !/^[a-z]{2,63}$|^xn--[a-z0-9-]+$/i.test(labels.at(-1)!)) return false;
  return labels.every((label) => DOMAIN_LABEL.test(label));
}
