/**
 * A throw-away self-signed TLS certificate for 127.0.0.1, made at test time with node:crypto alone (no openssl, no
 * fixture): a minimal X.509 v3 certificate (P-256 key, ECDSA-SHA256, subjectAltName IP 127.0.0.1, basicConstraints
 * CA:TRUE so that clients can trust it directly through `ca`) DER-encoded by hand.
 */
import { createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: Buffer;
  if (length < 0x80) header = Buffer.from([tag, length]);
  else if (length < 0x100) header = Buffer.from([tag, 0x81, length]);
  else header = Buffer.from([tag, 0x82, length >> 8, length & 0xff]);
  return Buffer.concat([header, content]);
}
const seq = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
// DER integers are minimal: no leading zero byte unless the next has its high bit set (a random serial that starts
// with 0x00 would otherwise be refused by OpenSSL as "illegal padding", one run in about 500).
const int = (bytes: Buffer) => {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0 && !(bytes[start + 1]! & 0x80)) start += 1;
  const minimal = bytes.subarray(start);
  return der(0x02, minimal[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
};
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return der(0x06, Buffer.from(out));
};
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const time = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'ascii'));
const octets = (content: Buffer) => der(0x04, content);
const bits = (content: Buffer) => der(0x03, Buffer.concat([Buffer.from([0]), content]));
const explicit = (n: number, content: Buffer) => der(0xa0 + n, content);

export interface SelfSignedCertificate {
  readonly cert: string;
  readonly key: string;
}

/** A certificate valid from one hour ago for one day, for `127.0.0.1` and `localhost`. */
export function makeSelfSignedCertificate(): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(set(seq(oid('2.5.4.3'), utf8('127.0.0.1'))));
  const now = Date.now();
  const altNames = seq(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost', 'ascii')));
  const extensions = seq(
    seq(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), octets(seq(der(0x01, Buffer.from([0xff]))))),
    seq(oid('2.5.29.17'), octets(altNames)),
  );
  const tbs = seq(
    explicit(0, int(Buffer.from([2]))),
    int(randomBytes(8)),
    ecdsaWithSha256,
    name,
    seq(time(new Date(now - 3600_000)), time(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, ecdsaWithSha256, bits(signature));
  const pem = `-----BEGIN CERTIFICATE-----\n${certificate.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
  const key = createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })).export({ type: 'pkcs8', format: 'pem' }).toString();
  return { cert: pem, key };
}
