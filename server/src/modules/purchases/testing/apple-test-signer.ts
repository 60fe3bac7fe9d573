import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { CompactSign, type CryptoKey } from 'jose';

x509.cryptoProvider.set(crypto);

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
/** The marker extensions Apple's library looks for on the intermediate and on the leaf. */
const APPLE_INTERMEDIATE_OID = '1.2.840.113635.100.6.2.1';
const APPLE_LEAF_OID = '1.2.840.113635.100.6.11.1';
const DER_NULL = new Uint8Array([0x05, 0x00]);

export interface AppleTestSigner {
  /** The DER root certificate to hand the verifier as Apple's. */
  root: Buffer;
  signTransaction(fields: Record<string, unknown>): Promise<string>;
  signNotification(fields: Record<string, unknown>): Promise<string>;
}

/**
 * A certificate chain shaped like Apple's (root → intermediate → leaf, with Apple's marker extensions),
 * made afresh by the test, so signed transactions are verified for real by @apple/app-store-server-library
 * with this root as the trusted one, and nothing goes to the network.
 */
export async function appleTestSigner(name = 'Test'): Promise<AppleTestSigner> {
  const notBefore = new Date(Date.now() - 86_400_000);
  const notAfter = new Date(Date.now() + 365 * 86_400_000);
  const keys = () =>
    webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;
  const [rootKeys, intermediateKeys, leafKeys] = await Promise.all([keys(), keys(), keys()]);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name} Apple Root CA`,
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: EC,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const intermediate = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: `CN=${name} Apple Worldwide Developer Relations`,
    issuer: root.subject,
    notBefore,
    notAfter,
    publicKey: intermediateKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.Extension(APPLE_INTERMEDIATE_OID, false, DER_NULL),
    ],
  });
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '03',
    subject: `CN=${name} Prod ECC Mac App Store and iTunes Store Receipt Signing`,
    issuer: intermediate.subject,
    notBefore,
    notAfter,
    publicKey: leafKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    signingAlgorithm: EC,
    extensions: [new x509.Extension(APPLE_LEAF_OID, false, DER_NULL)],
  });
  const x5c = [leaf, intermediate, root].map((c) => Buffer.from(c.rawData).toString('base64'));
  const sign = (payload: Record<string, unknown>) =>
    new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'ES256', x5c })
      .sign(leafKeys.privateKey as unknown as CryptoKey);
  return {
    root: Buffer.from(root.rawData),
    signTransaction: (fields) => sign({ signedDate: Date.now(), ...fields }),
    signNotification: (fields) =>
      sign({ signedDate: Date.now(), version: '2.0', notificationUUID: crypto.randomUUID(), ...fields }),
  };
}
