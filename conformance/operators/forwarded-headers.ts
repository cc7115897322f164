// Operator: the client-address and forwarding headers a proxy sets
// (X-Forwarded-For, X-Real-IP, X-Client-IP, Client-IP, True-Client-IP,
// Forwarded: for=, X-Forwarded-Host, X-Forwarded-Proto), sent by the client
// itself with a loopback or private address or host: a server that trusts an
// "internal" caller by its address skips the key, the scope or the bucketIds
// (OWASP API Security Top 10 2023, API2 and API5; OWASP WSTG, "Testing for IP
// based access controls"; CATS's header fuzzers). They come from no proxy of
// the deployment, so a conforming server reads them as any client's and
// refuses the sender as it refuses its plain request.
// The loopback address also goes after a public one, in a second line, and
// under a name spelled with underscores.
// Every header at once with a loopback address is essential without a key,
// on every route: one request per route shows the class.
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, variantOf } from './variant-build.ts';

/** Addresses a server may take for its own network: loopback (IPv4, IPv6) and private ranges (RFC 1918). */
export const INTERNAL_ADDRESSES = ['127.0.0.1', '::1', '10.0.0.1', '192.168.0.1'];

/** Each client-address header naming the address, as the header is written (Forwarded quotes an IPv6 node: RFC 7239 §6). */
export function addressHeaders(address: string): [string, string][] {
  const node = address.includes(':') ? `"[${address}]"` : address;
  return [
    ['X-Forwarded-For', address],
    ['X-Real-IP', address],
    ['X-Client-IP', address],
    ['Client-IP', address],
    ['True-Client-IP', address],
    ['Forwarded', `for=${node}`],
  ];
}

/** An address of no private network (RFC 5737's documentation range), as a proxy would have seen the client. */
const PUBLIC = '203.0.113.9';

/** The forwarded host and scheme an internal hop would set. */
const HOP_HEADERS: [string, string][] = [
  ['X-Forwarded-Host', 'localhost'],
  ['X-Forwarded-Host', '127.0.0.1'],
  ['X-Forwarded-Proto', 'http'],
];

function forwardedVariants(input: OperatorInput): Variant[] {
  const sent = (name: string, headers: Record<string, string | string[]>, essential = false) =>
    variantOf(input, 'forwarded-headers', name, (base) => ({ ...base, headers: { ...base.headers, ...headers } }), { essential });
  const [loopback, ...others] = INTERNAL_ADDRESSES;
  const every = (address: string) => Object.fromEntries(addressHeaders(address));
  // Each header alone with the loopback address (a server may trust one of them only), every one at once with each other address.
  return distinct([
    ...sent(
      `every client-address header naming ${loopback}, forwarded from localhost over http`,
      {
        ...every(loopback),
        ...Object.fromEntries([HOP_HEADERS[0], HOP_HEADERS[2]]),
      },
      input.sender === 'none',
    ),
    ...addressHeaders(loopback).flatMap(([header, value]) => sent(`${header}: ${value}`, { [header]: value })),
    ...others.flatMap((address) => sent(`every client-address header naming ${address}`, every(address))),
    ...HOP_HEADERS.flatMap(([header, value]) => sent(`${header}: ${value}`, { [header]: value })),
    // A proxy appends the address it saw: a server reading the last hop, or one line of two, takes the client's word.
    ...sent(`X-Forwarded-For: ${PUBLIC}, ${loopback} (the client's address last)`, { 'X-Forwarded-For': `${PUBLIC}, ${loopback}` }),
    ...sent(`two X-Forwarded-For lines: ${PUBLIC}, then ${loopback}`, { 'X-Forwarded-For': [PUBLIC, loopback] }),
    // Underscores for dashes: a CGI-style server maps both to one variable, past a proxy that strips only the dashed name.
    ...sent(`X_Forwarded_For: ${loopback}`, { X_Forwarded_For: loopback }),
  ]);
}

export const forwardedHeaders: Operator = {
  axis: 'forwarded-headers',
  about:
    'Adds client-address and forwarding headers (X-Forwarded-For, X-Real-IP, X-Client-IP, Client-IP, True-Client-IP, Forwarded, X-Forwarded-Host, X-Forwarded-Proto) naming a loopback or private address or host.',
  conformingAnswers: "the sender's plain answer: refused without a key, the scope or the bucket",
  rules: ['auth', 'scope', 'bucket-limits'],
  senders: ['none', 'lacking', 'barred'],
  applies: routeHasSender,
  variants: forwardedVariants,
};
