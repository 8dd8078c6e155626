// ESLint decides what the code may do; Prettier (.prettierrc.json) decides its layout. `npm test` runs both
// (`npm run lint`); `npm run format` writes Prettier's layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_GLOBALS = Object.fromEntries(
  [
    'process',
    'console',
    'require',
    'module',
    'exports',
    '__dirname',
    'URL',
    'URLSearchParams',
    'fetch',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'AbortSignal',
    'AbortController',
    'Buffer',
    'TextEncoder',
    'TextDecoder',
    'performance',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'out/',
      'dist-vsix/',
      '.vscode-test/',
      'test-results/',
      '.demo/',
      'test/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      // Unused names are errors, but a leading underscore says "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // `== null` is the one loose comparison: null or undefined, as TMDB leaves a field out or sends null.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a const object: enums are code at run time.' },
      ],
    },
  },
  {
    // Tests poke at what the product keeps private and build hostile values on purpose.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Plain JavaScript run by Node: the build, the harness, the benches' small extensions.
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: NODE_GLOBALS },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
