// ESLint: TypeScript's recommended rules, React hooks' rules of use, the layering of backend/
// (docs/architecture.md): each folder may import only the folders beneath it, and the web app's
// feature boundaries: a folder of src/features/ never imports another.
import { readdirSync } from 'node:fs'
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

/** The web app's features (src/features/*): each is imported only by src/app, which composes them. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: `src/features/${feature} may not import another feature: compose features in src/app/routes, share code through src/ui, src/lib or src/panels (docs/architecture.md)`,
}))

/** Shared web app code, which every feature may use: it knows no feature and no route. */
const sharedZone = {
  target: ['./src/ui', './src/lib', './src/panels'],
  from: ['./src/features', './src/app'],
  message: 'src/ui, src/lib and src/panels are shared by the features: they import no feature and no route',
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
            ...featureZones,
            sharedZone,
          ],
        },
      ],
    },
  },
  {
    // Tests stay inside their feature too (they may import the test helpers).
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...featureZones, sharedZone] }] },
  },
)
