// Vitest runs the unit and integration tests only; Playwright owns conformance/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['openapi/test/**/*.test.ts', 'mocks/test/**/*.test.ts', 'scripts/test/**/*.test.ts', 'conformance/test/**/*.test.ts'],
    testTimeout: 20_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest-results.json' }]],
  },
});
