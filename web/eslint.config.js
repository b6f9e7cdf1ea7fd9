import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/*
 * The layers of src (web/README.md "Layout"): app (router, layout, routes) composes features;
 * a feature (features/<area>) uses only itself and the shared layer (api, components, hooks, lib,
 * i18n); the shared layer uses neither. Relative imports may not climb out of one's own feature
 * either: a file n folders below src/features/<area> that climbs n+1 folders has left it.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const SHARED = ['api', 'components', 'hooks', 'lib', 'i18n'];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const fromFeature = (feature, depth) => ({
  files: [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${escape(feature)}(/|$))`,
            message:
              'Features do not import each other: move what both use to the shared layer (src/api, src/components, src/hooks, src/lib) or compose them in src/app.',
          },
          {
            regex: `^(\\.\\./){${depth + 1}}(\\.\\./)*(features|app)(/|$)|^(\\.\\./){${depth + 1}}(?!${escape(feature)}/|\\.\\./)`,
            message: 'A relative import may not leave its feature: import another layer by "@/…".',
          },
          { regex: '^@/app(/|$)', message: 'Features do not import the app; the app composes them.' },
        ],
      },
    ],
    // The same for import(): a lazily loaded part of another feature is still another feature.
    'no-restricted-syntax': [
      'error',
      {
        selector: `ImportExpression[source.value=/^@\\/(app|features\\/(?!${escape(feature)}(\\/|$)))/]`,
        message:
          'Features do not load each other or the app: the app composes them (src/app/routes, components/slots).',
      },
    ],
  },
});

const fromShared = (dir) => ({
  files: [`src/${dir}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
            message: 'The shared layer does not import features or the app; they import it.',
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e/artifacts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...FEATURES.flatMap((f) => [0, 1, 2, 3, 4, 5].map((depth) => fromFeature(f, depth))),
  ...SHARED.map(fromShared),
  {
    files: ['e2e/**/*.mjs', '*.cjs', '*.js'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node } },
  },
  {
    // page.evaluate callbacks run in the browser
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
