import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const backend = `http://127.0.0.1:${process.env.PORT ?? 1337}`

/**
 * The API explorer (/developers) gets its own copies of graphql-js and tslib. The bundler puts a
 * module used by the first page and by a lazy screen into a chunk of its own; GraphiQL uses these
 * two, so sharing them split the first page into more files and made every page's first load
 * 2.5 KiB larger (bench/RESULTS.md). Copies are marked with a query suffix that their own relative
 * imports inherit; graphql-js objects never cross between the explorer and Apollo Client.
 */
function explorerOwnCopies(): Plugin {
  const suffix = '?explorer-copy'
  const copied = /^(graphql|tslib)(\/|$)/
  // The explorer's code and the packages under GraphiQL that import either (npm ls graphql tslib);
  // a package missing here shares the modules again, which bench/bundle-size.ts shows.
  const explorerSide =
    /[\\/](src[\\/]features[\\/]developers|node_modules[\\/](graphiql|@graphiql[\\/][^\\/]+|graphql-language-service|monaco-editor|monaco-graphql|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar))[\\/]/
  return {
    name: 'explorer-own-copies',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null
      const inCopy = importer.endsWith(suffix)
      if (!(inCopy && source.startsWith('.')) && !(copied.test(source) && (inCopy || explorerSide.test(importer)))) return null
      const resolved = await this.resolve(source, importer.replace(suffix, ''), { ...options, skipSelf: true })
      return resolved && !resolved.external ? { ...resolved, id: resolved.id + suffix } : resolved
    },
  }
}

export default defineConfig({
  plugins: [react(), explorerOwnCopies()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      // GraphiQL's packages open with the React Compiler's "use no memo", which bundling drops harmlessly.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
  server: {
    // `npm run dev`: the embedded backend serves every API; Vite only the app, with hot reload.
    proxy: {
      // Each service's Nhost base URL (`/auth/v1`, `/graphql/v1`, …; the app uses these) and the
      // older `/v1/…` layout the backend also serves.
      '^/(auth|storage|functions|graphql)/v1(/|\\?|$)': { target: backend, ws: true, changeOrigin: false },
      '/v1': { target: backend, ws: true, changeOrigin: false },
      '/healthz': backend,
    },
  },
})
