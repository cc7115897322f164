// A private certificate authority made in the test: a CA certificate and a server
// certificate for 127.0.0.1 that it signs, as a private TLS deployment has.
// Keys come from node:crypto (fast); node-forge writes the X.509 certificates,
// which node:crypto cannot.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface PrivateCa {
  /** The CA certificate a client must trust (PEM). */
  caPem: string;
  /** The server's key and certificate (PEM), for 127.0.0.1. */
  key: string;
  cert: string;
}

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { pem: privateKey, privateKey: forge.pki.privateKeyFromPem(privateKey), publicKey: forge.pki.publicKeyFromPem(publicKey) };
}

function certificate(serial: string, subject: string, publicKey: forge.pki.PublicKey): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject([{ name: 'commonName', value: subject }]);
  return cert;
}

/** A CA and a server certificate for 127.0.0.1 signed by it. */
export function makePrivateCa(): PrivateCa {
  const ca = keyPair();
  const caCert = certificate('01', 'bucketkit test CA', ca.publicKey);
  caCert.setIssuer(caCert.subject.attributes);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const server = keyPair();
  const cert = certificate('02', '127.0.0.1', server.publicKey);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());
  return { caPem: forge.pki.certificateToPem(caCert), key: server.pem, cert: forge.pki.certificateToPem(cert) };
}
