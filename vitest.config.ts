// Vitest runs the unit and integration tests only; Playwright owns conformance/.
// Most of the heavy files wait on servers and child processes: more files at a
// time than the two cores keep both busy (Vitest's default is cores − 1).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['openapi/test/**/*.test.ts', 'mocks/test/**/*.test.ts', 'scripts/test/**/*.test.ts', 'conformance/test/**/*.test.ts'],
    testTimeout: 20_000,
    maxWorkers: Number(process.env.BUCKETKIT_TEST_WORKERS ?? 4),
    // A worker keeps the modules it loaded from one file to the next: most files load the same engine, and loading
    // it again per file cost about a third of the small files' CPU. No test relies on a fresh module state.
    isolate: false,
    reporters: ['default', ['json', { outputFile: 'reports/vitest-results.json' }]],
  },
});
