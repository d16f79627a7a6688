import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild, mode }) => ({
  // The server bundle's entry is the Express app, so that the router context keys, the
  // services and the request handler live in one module graph (see server.ts).
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts' } }
    : {
        rollupOptions: {
          output: {
            // The shared UI primitives as one file: a page fetches one chunk, not ten tiny ones
            // (each with its own request and gzip overhead; the /login budget is 130 KB).
            // Parts no guest page draws stay with the pages that use them.
            // Conform goes with them: the field primitives read its metadata, the pages its hooks.
            manualChunks: (id: string) =>
              (/\/app\/components\/(ui|auth)\//.test(id) &&
                !/\/(pagination|new-password-form|error-summary|account-fields)\.tsx$/.test(id)) ||
              /\/node_modules\/@conform-to\/(react|dom)\//.test(id)
                ? 'ui'
                : undefined,
          },
        },
      },
  ssr: {
    // Native and WASM packages stay outside the bundle and load from node_modules.
    // Pure-ESM packages of many small files are bundled too: at start-up Node's ESM loader read,
    // resolved and compiled them one file at a time (≈ 240 files; ADR 228). The Express adapter
    // goes with react-router: one copy of RouterContextProvider for both (ADR 311).
    noExternal:
      isSsrBuild && mode === 'production'
        ? [
            'react-router',
            '@react-router/node',
            '@react-router/express',
            'drizzle-orm',
            'zod',
            'jose',
            '@conform-to/react',
          ]
        : [],
    external: ['@electric-sql/pglite', 'sharp', '@takumi-rs/core', '@takumi-rs/helpers', 'pg', '@node-rs/bcrypt'],
  },
  resolve: {
    alias: [{ find: '~', replacement: path.resolve(import.meta.dirname, 'app') }],
  },
  // Dependencies are built as published: no plugin edits their code (ADR 272).
  plugins: [tailwindcss(), reactRouter()],
}))
