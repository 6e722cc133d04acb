// `npm run lint:strict` (`make lint-strict`): the everyday rules plus typescript-eslint's
// strict set and rules against loose comparisons and coercions, with --max-warnings 0.
import tseslint from 'typescript-eslint';
import base from './eslint.config.js';

export default tseslint.config(
  ...base,
  ...tseslint.configs.strict,
  {
    rules: {
      eqeqeq: ['error', 'always'],
      'no-var': 'error',
      'prefer-const': 'error',
      'no-implicit-coercion': 'error',
      // Map lookups after a has() check read best with `!`; the compiler's strict mode covers the rest.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Tests build child-process environments by deleting keys.
    files: ['**/test/**'],
    rules: { '@typescript-eslint/no-dynamic-delete': 'off' },
  },
);
