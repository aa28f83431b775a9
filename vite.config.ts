import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const backend = `http://127.0.0.1:${process.env.PORT ?? 1337}`

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
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
