/**
 * A self-signed certificate for `serve --https`, made at start: an ECDSA P-256 key pair from Node's WebCrypto,
 * the certificate built and signed with pkijs (loaded only here, so a plain HTTP server never loads it).
 *
 * What clients need of it: the names they connect to as subjectAltNames (Apple's and Chrome's verifiers
 * ignore the common name), serverAuth as its extended key usage, at most 825 days' validity (Apple's limit),
 * and CA:TRUE, so that it can be installed as a trust anchor (Android's and iOS's certificate settings, a
 * browser's authorities, NODE_EXTRA_CA_CERTS, curl --cacert) and then verifies itself.
 */
import { createHash, createPrivateKey, webcrypto } from 'node:crypto';
import { isIP, isIPv6 } from 'node:net';

export interface GeneratedCertificate {
  /** PEM */
  readonly cert: string;
  /** PKCS #8 PEM */
  readonly key: string;
}

const VALIDITY_DAYS = 365;
/** Allowance for a client whose clock is behind (a phone, an emulator). */
const BACKDATE_MS = 60 * 60 * 1000;

const OID = {
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyIdentifier: '2.5.29.14',
  serverAuth: '1.3.6.1.5.5.7.3.1',
} as const;

/** GeneralName's choices (RFC 5280 §4.2.1.6). */
const DNS_NAME = 2;
const IP_ADDRESS = 7;

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

function ipv6Bytes(address: string): number[] {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  // A trailing dotted quad stands for the last two groups.
  const text = dotted === undefined ? address : `${address.slice(0, -dotted.length)}0:0`;
  const groups = (part: string | undefined) => (part === undefined || part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const [head, tail] = text.split('::') as [string, string | undefined];
  const before = groups(head);
  const after = groups(tail);
  const all = tail === undefined ? before : [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  const bytes = all.flatMap((group) => [group >> 8, group & 0xff]);
  if (dotted !== undefined) bytes.splice(12, 4, ...ipv4Bytes(dotted));
  return bytes;
}

/** The octets of an IP address, as a certificate's iPAddress name holds them. */
export function ipAddressBytes(address: string): Uint8Array {
  return Uint8Array.from(isIPv6(address) ? ipv6Bytes(address) : ipv4Bytes(address));
}

function pem(label: string, der: Uint8Array): string {
  const base64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;
}

/** A certificate naming `names` (host names and IP addresses), valid from an hour before `now` for a year. */
export async function generateSelfSignedCertificate(names: readonly string[], now: Date): Promise<GeneratedCertificate> {
  const [pkijs, asn1js] = await Promise.all([import('pkijs'), import('asn1js')]);
  // Node's WebCrypto is the standard one; the types pkijs names it by are the DOM's.
  type EngineCrypto = ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'];
  const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as EngineCrypto });
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;

  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = webcrypto.getRandomValues(new Uint8Array(16));
  serial[0]! &= 0x7f; // positive, as RFC 5280 requires
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  const commonName = () => new pkijs.AttributeTypeAndValue({ type: OID.commonName, value: new asn1js.Utf8String({ value: 'chatref development server' }) });
  certificate.issuer.typesAndValues.push(commonName());
  certificate.subject.typesAndValues.push(commonName());
  certificate.notBefore.value = new Date(now.getTime() - BACKDATE_MS);
  certificate.notAfter.value = new Date(now.getTime() + VALIDITY_DAYS * 86_400_000);
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, engine);

  const altNames = new pkijs.GeneralNames({
    names: [...new Set(names)].map((name) =>
      isIP(name) === 0
        ? new pkijs.GeneralName({ type: DNS_NAME, value: name })
        : new pkijs.GeneralName({ type: IP_ADDRESS, value: new asn1js.OctetString({ valueHex: ipAddressBytes(name) }) }),
    ),
  });
  const keyIdentifier = createHash('sha1').update(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
  // digitalSignature (bit 0) and keyCertSign (bit 5): 0b10000100, the last two bits unused.
  const keyUsage = new asn1js.BitString({ valueHex: Uint8Array.of(0x84), unusedBits: 2 });
  const extension = (extnID: string, critical: boolean, value: { toBER(sizeOnly?: boolean): ArrayBuffer }) =>
    new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
  certificate.extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: true }).toSchema()),
    extension(OID.keyUsage, true, keyUsage),
    extension(OID.extKeyUsage, false, new pkijs.ExtKeyUsage({ keyPurposes: [OID.serverAuth] }).toSchema()),
    extension(OID.subjectAltName, false, altNames.toSchema()),
    extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: keyIdentifier })),
  ];
  await certificate.sign(keys.privateKey, 'SHA-256', engine);

  const der = new Uint8Array(certificate.toSchema(true).toBER(false));
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ type: 'pkcs8', format: 'pem' }) as string;
  return { cert: pem('CERTIFICATE', der), key };
}
