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
  },
  {
    // the two JavaScript config files are in no TypeScript project
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
