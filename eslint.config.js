import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'test-output/**',
      'coverage/**',
      'packages/cli/viewer/**',
      'packages/cli/bundle/**',
      'packages/mazegen/assembly/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // The library is pure: it must run unchanged in a browser, so no Node built-ins.
    files: ['packages/mazegen/src/**/*.ts'],
    ignores: ['packages/mazegen/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'os', 'child_process'], message: 'mazegen must stay free of Node built-ins.' }] },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'mazegen must not touch process.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the seeded Rng.' }],
    },
  },
);
