import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import nodePlugin from 'eslint-plugin-n';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What each web feature may import from another, as Bulletproof React draws it: a feature is
 * composed with others in app/, never by reaching into them. The few edges below are the
 * dependencies we keep on purpose; anything else fails lint. Shared code lives in components/
 * and lib/, which import no feature and nothing from app/ (docs/decisions/020-web-boundaries.md).
 */
const featureDependencies = {
  // The admin console shows a member's projects, contracts and money with those features' words.
  admin: ['auth', 'billing', 'projects', 'workspace'],
  account: ['auth', 'documents', 'experts', 'notifications'],
  billing: ['documents', 'projects'],
  // Members report a message from the conversation; the dialog is the moderation feature's. They
  // schedule a call with the other person from the conversation's header, with the calls feature's dialog.
  chat: ['auth', 'calls', 'moderation', 'notifications'],
  experts: ['auth', 'reviews', 'site'],
  payouts: ['experts', 'workspace'],
  // The signed-in dashboard: its page table and home cards gather the other features' pages.
  profile: [
    'account',
    'admin',
    'auth',
    'billing',
    'calls',
    'chat',
    'experts',
    'notifications',
    'payment-methods',
    'payouts',
    'projects',
  ],
  projects: ['auth', 'experts', 'moderation'],
  site: ['auth'],
  workspace: ['calls', 'chat', 'documents', 'payment-methods', 'projects', 'reviews'],
};

const boundaryZones = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`, ...(featureDependencies[feature] ?? []).map((name) => `./${name}`)],
    message: `features/${feature} may not import this feature; move the shared piece to components/ or lib/, or compose the two in app/.`,
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features never import app/: the app composes features, not the other way round.',
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'components/ and lib/ are shared by every feature, so they import none of them.',
  },
];

// Shared by every no-restricted-syntax list: a later list replaces an earlier one for its files.
const focusedTestRules = [
  {
    selector: "CallExpression[callee.property.name='only']",
    message: 'Focused tests hide the rest of the suite.',
  },
  {
    selector: "CallExpression[callee.property.name='skip']",
    message: 'Skipped tests are not allowed in CI.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { n: nodePlugin },
    rules: {
      // Each workspace declares what it imports in its own package.json (the nearest one).
      'n/no-extraneous-import': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': true, 'ts-ignore': true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...focusedTestRules],
    },
  },
  {
    // Type-aware promise rules: a promise nobody awaits loses its error, and one passed where a
    // plain callback is expected (an onClick, a forEach) is never awaited at all.
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'playwright.config.ts', 'scripts/*.d.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'alert', message: 'Show errors in the page (role="alert"), never window.alert.' },
      ],
      'no-restricted-syntax': [
        'error',
        ...focusedTestRules,
        {
          // docs/decisions/068-no-intl-while-a-page-loads.md
          selector:
            ':matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name="Intl"]',
          message:
            "Make an Intl format on first use (lib/on-first-use.ts): built as the module loads, it wakes the browser's locale data on every page that imports it.",
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
    },
  },
  // The React Compiler-era hook rules (purity, refs, set-state-in-effect, ...) and accessibility.
  { files: ['apps/web/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  // One deliberate exception: the autosave shows "Saving…" from the first unsent change, so the
  // effect that starts the debounce sets it. Deriving it instead would need the last sent draft
  // in state and would show "Saving…" forever for a draft not worth sending (worthSending).
  {
    files: ['apps/web/src/lib/use-serial-autosave.ts'],
    rules: {
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      // A scrolling region takes focus so the keyboard can scroll it, as axe's
      // scrollable-region-focusable asks.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      // A container may listen for keys that bubble up from the focusable controls inside it
      // (Escape closes a menu, arrows move between items); clicks still need a real control.
      'jsx-a11y/no-static-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress', 'onKeyUp'] },
      ],
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress', 'onKeyUp'] },
      ],
    },
  },
);
