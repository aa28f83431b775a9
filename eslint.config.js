// ESLint: TypeScript's recommended rules, React hooks' rules of use, and the layering of
// backend/ (docs/architecture.md): each folder may import only the folders beneath it.
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Backend folders and what each may import besides itself and backend/lib (backend/layers.test.ts checks the code against it). */
export const layers = {
  lib: [],
  db: [],
  config: ['db'],
  migrations: ['db', 'config'],
  session: ['config'],
  mail: [],
  metadata: ['db', 'config', 'session'],
  context: ['db', 'config', 'metadata'],
  engine: ['context', 'db', 'config', 'metadata', 'session'],
  realtime: ['context', 'config', 'engine', 'session'],
  'admin-api': ['context', 'db', 'config', 'metadata', 'session', 'migrations', 'engine'],
  auth: ['context', 'db', 'config', 'metadata', 'session', 'mail'],
  storage: ['context', 'db', 'config', 'session', 'engine'],
  functions: ['context', 'config'],
  triggers: ['context', 'db', 'config', 'metadata'],
  server: ['*'],
  cli: ['config', 'db', 'metadata', 'server'],
}

const zones = Object.entries(layers)
  .filter(([, allowed]) => !allowed.includes('*'))
  .map(([folder, allowed]) => ({
    target: `./backend/${folder}`,
    from: './backend',
    except: [...new Set([folder, 'lib', ...allowed])].map((name) => `./${name}`),
    message: `backend/${folder} may import only ${['lib', ...allowed].join(', ')} (eslint.config.js, docs/architecture.md)`,
  }))

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/gql/', 'tests/e2e/output/', '.data/'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read loosely typed JSON answers; production code may not.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['backend/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...zones,
            { target: './backend', from: './tests', message: 'production code does not import test helpers' },
            { target: './backend', from: './src', message: 'the backend serves any Nhost project: it does not import the web app' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src', from: './backend', message: 'the web app talks to the backend over its public APIs only' },
            { target: './src', from: './tests', message: 'production code does not import test helpers' },
          ],
        },
      ],
    },
  },
)
