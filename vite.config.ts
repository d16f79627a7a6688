import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

// React Router's package exports only its development build to Node (dev warnings, invariants);
// the server bundle takes the production build instead, with the adapters that import it.
const reactRouterProduction = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs')

export default defineConfig(({ isSsrBuild, mode }) => ({
  // The server bundle's entry is the Express app, so that the router context keys, the
  // services and the request handler live in one module graph (see server.ts).
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : undefined,
  ssr: {
    // Native and WASM packages stay outside the bundle and load from node_modules.
    noExternal: isSsrBuild && mode === 'production' ? ['react-router', '@react-router/express', '@react-router/node'] : [],
    external: ['@electric-sql/pglite', 'sharp', '@resvg/resvg-js', 'pg', 'satori', 'bcryptjs'],
  },
  resolve: {
    alias: [
      { find: '~', replacement: path.resolve(import.meta.dirname, 'app') },
      ...(isSsrBuild && mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  plugins: [tailwindcss(), reactRouter()],
}))
