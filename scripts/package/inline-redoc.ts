// Makes the HTML reference work offline: the Redoc renderer that `redocly build-docs` loads from a CDN is
// inlined from the copy @redocly/cli installs, a Content-Security-Policy forbids the page any network load, and
// the page is refused if any external script, style or font remains.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CDN_BUNDLE = /https:\/\/cdn\.redocly\.com\/redoc\/v([\w.-]+)\/bundles\/redoc\.standalone\.js/g;
const loadsCdnBundle = (tag: string) => new RegExp(CDN_BUNDLE.source).test(tag);

/**
 * Everything the page needs is inline or a data:/blob: URL; the policy makes that a rule the browser enforces
 * (the renderer's attribution logo, an image from a CDN, is blocked and hides itself).
 */
export const OFFLINE_POLICY =
  "default-src 'none'; script-src 'unsafe-inline' data: blob:; style-src 'unsafe-inline'; img-src data: blob:; " +
  "font-src data:; worker-src blob:; connect-src data: blob:; base-uri 'none'; form-action 'none'";

/** The standalone renderer @redocly/cli ships for its server-side rendering, and its version. */
export function installedRenderer(): { path: string; version: string; code: string } {
  const cli = dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json'));
  const path = join(cli, 'lib', 'chunks', 'redoc.standalone.js');
  let code: string;
  try {
    code = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`${path} is missing: this @redocly/cli keeps its Redoc bundle elsewhere; update inline-redoc.ts.`);
  }
  const version = /Version:\s*([\w.-]+)/.exec(code.slice(0, 400))?.[1];
  if (!version) throw new Error(`${path} names no "Version:" in its header.`);
  return { path, version, code };
}

/** External (http, https or protocol-relative) URLs that the page would load as script, style, font or preload. */
export function externalResources(html: string): string[] {
  const found = [
    ...html.matchAll(/<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)\s*=\s*["']((?:https?:)?\/\/[^"']+)["']/gi),
    ...html.matchAll(/\bimport\s*(?:[^'"()]*\bfrom\s*)?["']((?:https?:)?\/\/[^"']+)["']/g),
    ...html.matchAll(/@import\s+(?:url\()?["']?((?:https?:)?\/\/[^"')\s]+)/gi),
    ...html.matchAll(/url\(\s*["']?((?:https?:)?\/\/[^"')\s]+)/gi),
  ];
  return [...new Set(found.map((m) => m[1]))];
}

/** Returns `html` with the CDN renderer replaced by an inline copy (a data: module URL) of `renderer`. */
export function inlineRenderer(html: string, renderer: { version: string; code: string }): string {
  const versions = new Set([...html.matchAll(CDN_BUNDLE)].map((m) => m[1]));
  if (versions.size === 0) throw new Error('The page loads no Redoc bundle from the CDN: nothing to inline (was it inlined already?).');
  for (const version of versions)
    if (version !== renderer.version)
      throw new Error(`The page wants Redoc ${version}, but the installed renderer is ${renderer.version}.`);
  const moduleUrl = `data:text/javascript;base64,${Buffer.from(renderer.code, 'utf8').toString('base64')}`;
  const withoutPreload = html.replace(/<link\b[^>]*\brel=["']modulepreload["'][^>]*>\s*/gi, (tag) => (loadsCdnBundle(tag) ? '' : tag));
  const policy = `<meta http-equiv="Content-Security-Policy" content="${OFFLINE_POLICY}">`;
  if (!/<meta charset[^>]*>/i.test(withoutPreload)) throw new Error('The page has no <meta charset> to put the security policy after.');
  const inlined = withoutPreload
    .replace(CDN_BUNDLE, () => moduleUrl)
    .replace(/<meta charset[^>]*>/i, (charset) => `${charset}\n  ${policy}`);
  const left = externalResources(inlined);
  if (left.length) throw new Error(`The page still loads external resources: ${left.join(', ')}`);
  return inlined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: tsx scripts/package/inline-redoc.ts <reference.html>');
    process.exit(2);
  }
  try {
    const renderer = installedRenderer();
    const html = inlineRenderer(readFileSync(file, 'utf8'), renderer);
    writeFileSync(file, html);
    console.log(`${file}: Redoc ${renderer.version} inlined (${Math.round(html.length / 1024)} KiB, no external resources).`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
