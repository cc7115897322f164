// ESLint for the kit's TypeScript: the recommended JavaScript and
// typescript-eslint rules, over the sources and tests (generated files left out).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'openapi/dist/', 'reports/', '.bucketkit/', 'test-results/', 'playwright-report/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // A leading underscore marks a value taken apart on purpose (`const { a: _a, ...rest } = x`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests read JSON answers field by field: a wrong field fails the assertion, so typing every answer would add only noise.
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.spec.ts', 'mocks/browser/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, so a fixture with none must destructure `{}`.
    files: ['**/*.fixture.ts', 'conformance/runtime/suite-fixtures.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
