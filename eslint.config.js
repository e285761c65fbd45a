// ESLint (flat config) with typescript-eslint's type-checked rules. `npm run lint` runs it with
// --max-warnings 0. Each file is type-checked by the nearest tsconfig.json that includes it (the project
// service): the root one for the service, the console's for console/ (DOM, TSX), each package's for its src.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'coverage/**',
      // generated: npm run codegen, npm run openapi:write
      'resolvers/generated.ts',
      'console/src/gql/**',
      'packages/client/src/schema/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-named bindings are deliberate: arguments an interface requires, fields left out of a `...rest` copy
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // tests read HTTP and GraphQL answers as `any` on purpose and let expect() check their shape
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Not yet typed, so `any` is allowed here (and only here) for now. Still to do:
    // - rest/: route documents are GraphQL strings, so `respond` gets their result as `any` (RouteDeclaration's
    //   Data) and the presenters read it as Record<string, any>: each document's result type is to be written
    //   (or generated) and given to its route;
    // - src/db/loaders.ts: plain pg rows are Record<string, any> (type Raw), mapped field by field to typed rows;
    // - bench/baselines.ts: the hand-written baseline services read pg rows and JSON bodies as `any`.
    files: ['rest/route.ts', 'rest/m2m/routes.ts', 'rest/m2m/presenters.ts', 'rest/v1/routes.ts', 'rest/v1/presenters.ts', 'src/db/loaders.ts', 'bench/baselines.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // the two JavaScript config files are in no TypeScript project
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
