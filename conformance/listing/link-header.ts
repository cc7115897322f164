// Reads an HTTP Link header (RFC 8288) as GitHub-style paging sends it:
// `<https://api.example.com/items?page=2>; rel="next", <...>; rel="last"`.

/** Each link of the header: its target (as written: absolute or relative) and its relation types, lowercased. */
export function parseLinkHeader(header: string | undefined): { target: string; rels: string[] }[] {
  if (!header) return [];
  const links: { target: string; rels: string[] }[] = [];
  // A target is between < and > and may hold commas; the parameters after it run to the next "<".
  for (const match of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2]);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ target: match[1].trim(), rels });
  }
  return links;
}

/** The target of the header's `rel="next"` link, if any. */
export function nextLink(header: string | undefined): string | undefined {
  return parseLinkHeader(header).find((link) => link.rels.includes('next'))?.target;
}
