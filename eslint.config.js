import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// pages -> features -> api/ui -> contract: lower layers never reach up.
const onlyRouterImportsPages = {
  group: ['**/pages/**'],
  message: 'Only the router imports pages.',
};
// Dialogs, sheets and full-screen pictures go through ui/dialog, ui/sheet and ui/image-view,
// which close them when the user navigates.
const overlaysThroughUi = {
  group: [
    'dialog',
    'modal',
    'popup',
    'center-popup',
    'action-sheet',
    'picker',
    'date-picker',
    'image-viewer',
  ].map((name) => `antd-mobile/es/components/${name}`),
  message:
    'Open dialogs through ui/dialog, sheets through ui/sheet and pictures through ui/image-view (they close on navigation).',
};
const webOverlayHelpers = [
  'apps/web/src/ui/dialog.ts',
  'apps/web/src/ui/sheet.tsx',
  'apps/web/src/ui/image-view.tsx',
];
const consoleApartFromWeb = {
  group: ['**/apps/web/**', '@tidemark/web', '@tidemark/web/**'],
  message: 'The console and the trader app share only packages/.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}', 'apps/*/public/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/app/**', ...webOverlayHelpers],
    rules: {
      'no-restricted-imports': ['error', { patterns: [onlyRouterImportsPages, overlaysThroughUi] }],
    },
  },
  {
    files: webOverlayHelpers,
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyRouterImportsPages] }] },
  },
  {
    files: ['apps/web/src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [overlaysThroughUi] }] },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    ignores: ['apps/console/src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [onlyRouterImportsPages, consoleApartFromWeb] },
      ],
    },
  },
  {
    files: ['apps/console/src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [consoleApartFromWeb] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository', '../*/*.repository.js'],
              message: "Call the other module's service, never its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'e2e/**',
      '**/*.mjs',
      '**/build.mjs',
      '**/*-cli.ts',
      '**/cli-*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
