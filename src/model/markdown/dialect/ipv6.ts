/**
 * Whether text is an IPv6 address as Python's ipaddress.ip_address reads one
 * (what urlsplit requires inside brackets): up to eight groups of 1–4 hex
 * digits, at most one `::`, an optional dotted IPv4 tail, an optional `%scope`.
 */

const GROUP = /^[0-9a-fA-F]{1,4}$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])$/;

function groupCount(part: string): number | null {
  if (part === '') return 0;
  const groups = part.split(':');
  let count = 0;
  for (const [index, group] of groups.entries()) {
    if (GROUP.test(group)) count += 1;
    else if (index === groups.length - 1 && IPV4.test(group)) count += 2;
    else return null;
  }
  return count;
}

export function isIPv6Address(text: string): boolean {
  const percent = text.indexOf('%');
  if (percent === 0 || percent === text.length - 1) return false;
  const address = percent < 0 ? text : text.slice(0, percent);
  const halves = address.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 1) return groupCount(address) === 8;
  const head = halves[0]!;
  const tail = halves[1]!;
  // A dotted IPv4 tail may only end the address.
  if (head.includes('.')) return false;
  const before = groupCount(head);
  const after = groupCount(tail);
  return before !== null && after !== null && before + after <= 7;
}
