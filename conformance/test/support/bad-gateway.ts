// A load balancer's blips: nginx's own 502 page (HTML, no Retry-After) to a
// seeded-random share of requests, which never reach the server behind it; as a
// proxy rule for variant deployments and as a handler for the transport's servers.
import type { ProxyResponse, Rule } from './loopback-proxy.ts';
import { seededRandom } from './seeded-random.ts';
import type { Handler } from './wire-servers.ts';

const NGINX_502_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n';
const NGINX_502_HEADERS = { 'content-type': 'text/html', server: 'nginx/1.25.3' };

/** The answer nginx gives when it could not reach its upstream. */
export const nginx502 = (): ProxyResponse => ({ status: 502, headers: { ...NGINX_502_HEADERS }, body: Buffer.from(NGINX_502_PAGE) });

/** A picker saying yes to about `share` of calls, the same calls for the same seed; it counts its yeses. */
function sometimes(share: number, seed: number): { pick(): boolean; picked(): number } {
  if (!(share >= 0 && share <= 1)) throw new Error(`share must be between 0 and 1, got ${share}.`);
  const random = seededRandom(seed);
  let picked = 0;
  return { pick: () => random() < share && ++picked > 0, picked: () => picked };
}

/** A rule answering nginx's 502 to about `share` of requests (seeded) before they reach the server; the rest pass. */
export function badGatewayBlips(share: number, seed = 40): { rule: Rule; blips(): number } {
  const picker = sometimes(share, seed);
  return { rule: (request, forward) => (picker.pick() ? Promise.resolve(nginx502()) : forward(request)), blips: picker.picked };
}

/** A handler answering nginx's 502 to about `share` of requests (seeded), and handing the rest to `next`. */
export function badGatewaySometimes(share: number, next: Handler, seed = 10): Handler & { blips(): number } {
  const picker = sometimes(share, seed);
  const handler: Handler = (req, res, index) => {
    if (!picker.pick()) return next(req, res, index);
    res.writeHead(502, NGINX_502_HEADERS);
    res.end(NGINX_502_PAGE);
  };
  return Object.assign(handler, { blips: picker.picked });
}
