// Lint enforces the zone boundaries from docs/architecture.md; tsconfig per zone enforces the APIs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const engineBans = {
  paths: [{ name: 'electron', message: 'The engine is pure Node: Electron belongs in main/shell.' }],
  patterns: [
    { group: ['**/shell/**', '**/renderer/**'], message: 'The engine must not import the shell or the renderer.' },
    { group: ['**/preload/index*'], message: 'Only preload/contract may be shared with the engine.' },
  ],
};
// wiring/ composes the engine and holds no logic another room imports: only it and engine.ts may import it.
const wiringBan = {
  group: ['**/wiring/**'],
  message: 'Only main/engine/engine.ts and wiring/ itself import wiring/: move shared logic down into the room it belongs to.',
};
const childProcessBans = [
  { name: 'node:child_process', message: 'Run processes through main/engine/platform/run.ts (injected runner).' },
  { name: 'child_process', message: 'Run processes through main/engine/platform/run.ts (injected runner).' },
];

// The CLI may import the client core (the terminal UI is one of its faces); the engine may not.
const clientBan = { group: ['**/client/**'], message: 'The client core is for the faces (renderer, terminal UI), not the engine.' };
const engineOnlyBans = { ...engineBans, patterns: [...engineBans.patterns, clientBan] };

export default tseslint.config(
  // .cache: the live suite's installed CLIs, which CI installs (and Copilot unpacks) while the check lints.
  { ignores: ['node_modules/**', '.cache/**', 'dist/**', 'out/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware checks where a forgotten promise loses an error or races a key: main/, preload/ and
    // the renderer. The project service reuses the root tsconfig.json (all zones), one program for all.
    files: [
      'main/**/*.ts',
      'main/**/*.tsx',
      'preload/**/*.ts',
      'renderer/**/*.ts',
      'renderer/**/*.tsx',
      'client/**/*.ts',
      'client/**/*.tsx',
    ],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['main/engine/**/*.ts', 'main/cli/**/*.ts', 'main/cli/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { ...engineBans, patterns: [...engineBans.patterns, wiringBan] }],
      // Time comes from an injected Clock (main/engine/platform/clock.ts).
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Use the injected Clock.' }],
    },
  },
  {
    files: ['main/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...engineBans.paths, ...childProcessBans], patterns: [...engineOnlyBans.patterns, wiringBan] },
      ],
    },
  },
  {
    files: ['main/engine/wiring/**/*.ts', 'main/engine/engine.ts'],
    rules: { 'no-restricted-imports': ['error', { ...engineOnlyBans, paths: [...engineBans.paths, ...childProcessBans] }] },
  },
  {
    files: ['main/engine/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { ...engineOnlyBans, patterns: [...engineOnlyBans.patterns, wiringBan] }] },
  },
  {
    // main/engine/text is the shared cleaning of outside text: pure, so every engine room, the CLI and
    // the shell may import it; it imports nothing but itself.
    files: ['main/engine/text/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'main/engine/text is pure: it imports nothing outside itself.' }] },
      ],
    },
  },
  {
    // The contract is shared by every zone, so it may depend on none of them (nor on any package).
    files: ['preload/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'preload/contract imports nothing outside itself.' }] },
      ],
    },
  },
  {
    // The shell talks to the renderer over typed IPC only; renderer code runs in Chromium, not here.
    files: ['main/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/renderer/**'], message: 'The shell never imports the renderer: use the contract and IPC.' },
            { group: ['**/client/**'], message: 'The client core is for the faces (renderer, terminal UI), not the shell.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks to the bridge only.' }],
          patterns: [{ group: ['**/main/**', 'node:*'], message: 'The renderer may import only client/, preload/contract and itself.' }],
        },
      ],
    },
  },
  {
    // The client core runs in the window and in the terminal UI: no DOM, no Node, no Electron, no face.
    files: ['client/**/*.ts', 'client/**/*.tsx'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The client core talks to the engine through a bridge only.' }],
          patterns: [
            { group: ['node:*'], message: 'The client core runs in the browser too: no Node modules.' },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/index*'],
              message: 'The client core may import only preload/contract and itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/shell/**/*.ts', 'preload/**/*.ts'],
    ignores: ['main/shell/ipc/**', 'preload/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportSpecifier[imported.name=/^ipc(Main|Renderer)$/]', message: 'Use the typed IPC wrappers in main/shell/ipc.' },
      ],
    },
  },
);
