import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is the Express app, so that the router context keys, the
  // services and the request handler live in one module graph (see server.ts).
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : undefined,
  ssr: {
    // Native and WASM packages stay outside the bundle and load from node_modules.
    external: ['@electric-sql/pglite', 'sharp', '@takumi-rs/core', '@takumi-rs/helpers', 'pg', 'bcryptjs'],
  },
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  plugins: [tailwindcss(), reactRouter()],
}))
