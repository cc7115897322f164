// The packaging helpers on tiny hand-made inputs: declaration specifiers, imported packages, the file list and
// dependency rules, the offline reference inliner, the mock banner reader and key hiding.
import { describe, expect, it } from 'vitest';
import { externalResources, inlineRenderer, OFFLINE_POLICY } from '../../package/inline-redoc.ts';
import { parseBanner } from '../../package/mock-banner.ts';
import { importedPackages, rewriteDeclarationSpecifiers } from '../../package/module-specifiers.ts';
import { dependencyProblems, fileListProblems, type Manifest } from '../../package/package-contents.ts';
import { hideKeys } from '../../package/run-command.ts';

describe('module specifiers', () => {
  it('rewrites relative .ts specifiers of declarations to .js and leaves the rest alone', () => {
    const code = [
      "import { type A } from './a.ts';",
      "export type { B } from '../b/b.ts';",
      "export declare const c: import('./c.ts').C;",
      "import type { D } from 'msw';",
      "import './d.d.ts';",
      "import data from './x.json';",
    ].join('\n');
    expect(rewriteDeclarationSpecifiers(code).split('\n')).toEqual([
      "import { type A } from './a.js';",
      "export type { B } from '../b/b.js';",
      "export declare const c: import('./c.js').C;",
      "import type { D } from 'msw';",
      "import './d.d.ts';",
      "import data from './x.json';",
    ]);
  });

  it('names the imported packages, scoped or not, without relative and node: imports', () => {
    const code = `import { setupServer } from 'msw/node';
import { faker } from '@faker-js/faker/locale/en';
import x from './x.js';
import { join } from 'node:path';
const t = await import("@playwright/test");
export type { OpenAPIV3_1 } from 'openapi-types';`;
    expect(importedPackages(code).sort()).toEqual(['@faker-js/faker', '@playwright/test', 'msw', 'openapi-types']);
  });

  it('reads no package name out of a comment that quotes words after "from"', () => {
    const code = ['/** compares "forbidden" with "absent" */', '  // tells "forbidden" from "absent"', "import { http } from 'msw';"].join(
      '\n',
    );
    expect(importedPackages(code)).toEqual(['msw']);
  });
});

describe('package contents', () => {
  const manifest: Manifest = {
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './data.json': './dist/data.json' },
    bin: { kit: 'bin/bucketkit.js' },
    dependencies: { msw: '1.0.0', unused: '1.0.0' },
    peerDependencies: { '@stoplight/prism-cli': '5.14.2' },
  };

  it('accepts compiled output, the bin and metadata with every export present', () => {
    const files = ['package.json', 'bin/bucketkit.js', 'dist/index.js', 'dist/index.d.ts', 'dist/data.json'];
    expect(fileListProblems(files, manifest)).toEqual([]);
  });

  it('refuses sources, tests and a missing export target', () => {
    const files = ['package.json', 'bin/bucketkit.js', 'dist/index.js', 'src/index.ts', 'dist/test/a.test.js'];
    expect(fileListProblems(files, manifest)).toEqual([
      'ships src/index.ts, which is neither compiled output, the bin nor package metadata',
      'ships the test file dist/test/a.test.js',
      'package.json points at dist/index.d.ts, which is not in the package',
      'package.json points at dist/data.json, which is not in the package',
    ]);
  });

  it('names an undeclared import and an unused dependency, and allows peers and built-ins', () => {
    const sources = ["import { http } from 'msw'; import fs from 'fs'; import { x } from 'tsx/esm';"];
    expect(dependencyProblems(sources, manifest)).toEqual([
      'the compiled code imports tsx, which is not a dependency',
      'unused is a dependency but nothing in the package imports it (a build tool belongs in devDependencies)',
    ]);
  });
});

describe('the offline reference', () => {
  const cdn = 'https://cdn.redocly.com/redoc/v3.0.1/bundles/redoc.standalone.js';
  const page = `<html><head><meta charset="utf8" /><link rel="modulepreload" href="${cdn}" crossorigin="anonymous" /></head>
<body><script type="module">import { hydrate } from "${cdn}"; hydrate();</script></body></html>`;
  const renderer = { version: '3.0.1', code: 'export const hydrate = () => {};' };

  it('sees the CDN renderer of the page Redocly builds', () => {
    expect(externalResources(page)).toEqual([cdn]);
  });

  it('inlines the renderer as a data: module, drops the preload and adds the no-network policy', () => {
    const html = inlineRenderer(page, renderer);
    expect(externalResources(html)).toEqual([]);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(`from "data:text/javascript;base64,${Buffer.from(renderer.code).toString('base64')}"`);
    expect(html).toContain(`<meta charset="utf8" />\n  <meta http-equiv="Content-Security-Policy" content="${OFFLINE_POLICY}">`);
  });

  it('refuses another renderer version, a page without the CDN renderer and any other external resource', () => {
    expect(() => inlineRenderer(page, { ...renderer, version: '3.0.2' })).toThrow(/wants Redoc 3.0.1, but the installed renderer is 3.0.2/);
    expect(() => inlineRenderer('<html></html>', renderer)).toThrow(/nothing to inline/);
    const withFont = page.replace('</head>', '<link rel="stylesheet" href="https://fonts.example/x.css"></head>');
    expect(() => inlineRenderer(withFont, renderer)).toThrow(/still loads external resources: https:\/\/fonts.example\/x.css/);
    expect(externalResources('<style>@font-face{src:url(//fonts.example/f.woff2)}</style>')).toEqual(['//fonts.example/f.woff2']);
  });
});

describe('the mock banner and keys in output', () => {
  const banner = `bucketkit mock: http://127.0.0.1:40619/api/v1  (seed 7, 300 files, ready in 453 ms)
  workspace ws_1 "One": bkt_a (A), bkt_b (B)
  workspace ws_2 "Two": bkt_c (C)

Keys this mock made for you (send as Authorization: Bearer <key>), with their scopes and buckets:
  full                     bk_test_0123456789abcdefFull  every scope; every bucket
  readonly                 bk_test_0123456789abcdefRead  files:read buckets:read; every bucket
  restricted               bk_test_0123456789abcdefOne  every scope; only bucket bkt_a

Deployment config written to deployment.json (its keys read their tokens from env vars). Export them, then run the suite:
  export BUCKETKIT_KEY_FULL=bk_test_0123456789abcdefFull
  npx bucketkit conformance --config deployment.json

Control: POST http://127.0.0.1:40619/__mock/keys | POST /__mock/reset
Try:     curl -H "Authorization: Bearer $KEY" http://127.0.0.1:40619/api/v1/workspaces
`;

  it('reads the base URL, the workspaces, the keys by name and the env lines once the banner is complete', () => {
    expect(parseBanner(banner)).toEqual({
      baseUrl: 'http://127.0.0.1:40619/api/v1',
      workspaceIds: ['ws_1', 'ws_2'],
      keys: { full: 'bk_test_0123456789abcdefFull', readonly: 'bk_test_0123456789abcdefRead', restricted: 'bk_test_0123456789abcdefOne' },
      env: { BUCKETKIT_KEY_FULL: 'bk_test_0123456789abcdefFull' },
    });
    expect(parseBanner(banner.split('\n').slice(0, 9).join('\n'))).toBeUndefined();
  });

  it('hides mock keys in anything shown', () => {
    expect(hideKeys(banner)).not.toMatch(/0123456789abcdef/);
    expect(hideKeys('token bk_test_Zz09Zz09 and bk_x')).toBe('token bk_[hidden] and bk_x');
  });
});
