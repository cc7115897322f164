// The example's unit tests are Vitest's (src/); its end-to-end tests in e2e/ are Playwright's and run with `npm run e2e`.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });
