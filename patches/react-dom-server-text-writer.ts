// React's Node renderer (react-dom/server, Fizz) writes a page as thousands of small strings and
// precomputed byte chunks ('<', ' class="', '>'), each copied on arrival into a 4 KB Uint8Array:
// a typed-array view made and `TextEncoder.encodeInto` called per string. On a rendered /imoveis
// that copying was 10 % of the server's CPU (issue 42). This Vite plugin gives the server build
// its own copy of that module in which the strings are joined as a JavaScript string and handed
// to the stream once per flush (or every 16 K characters, so that backpressure still applies), and
// the precomputed chunks are kept as strings. The HTML written is the same, byte for byte.
// No file under node_modules changes: the copy is written beside the server bundle
// (build/server/react-dom-server.node.cjs), and the bundle's `react-dom/server` import points at
// it; its own `require('react')` and `require('react-dom')` still load the installed packages.
// A React whose code no longer matches fails the build: read ADR 231 before upgrading.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

const FILE_NAME = 'react-dom-server.node.cjs'

type Edit = { name: string; find: RegExp; replace: string }

const EDITS: Edit[] = [
  {
    // The writer: from its state's declaration to the end of completeWriting.
    name: 'string writer',
    find: /var currentView = null,\n {2}writtenBytes = 0,\n {2}destinationHasCapacity\$1 = !0;\nfunction writeChunk\(destination, chunk\) \{[\s\S]*?\nfunction completeWriting\(destination\) \{\n[^}]*?\n\}\n/,
    replace: `var currentView = null,
  writtenBytes = 0,
  destinationHasCapacity$1 = !0,
  pendingText = "";
function writePendingText(destination) {
  if (0 !== pendingText.length) {
    var text = pendingText;
    pendingText = "";
    writeToDestination(destination, text);
  }
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    16384 < pendingText.length && writePendingText(destination);
  } else if (0 === chunk.byteLength) {
    if (supportsArrayBufferDetached && chunk.buffer.detached)
      throw Error(
        "Cannot transport a detached buffer. This usually happens when trying to transport multiple buffer-spanning views on the same underyling buffer. Either reuse the exact same view by identity or copy the underlying buffer manually via \`view.slice()\`."
      );
  } else writePendingText(destination), writeToDestination(destination, chunk);
}
function writeToDestination(destination, view) {
  destination = destination.write(view);
  destinationHasCapacity$1 = destinationHasCapacity$1 && destination;
}
function writeChunkAndReturn(destination, chunk) {
  writeChunk(destination, chunk);
  return destinationHasCapacity$1;
}
function completeWriting(destination) {
  writePendingText(destination);
  currentView = null;
  writtenBytes = 0;
  destinationHasCapacity$1 = !0;
}
`,
  },
  {
    // Fixed markup stays a string, joined with the rest (it was encoded to bytes once, at load).
    name: 'precomputed chunks as strings',
    find: /function stringToPrecomputedChunk\(content\) \{\n {2}return textEncoder\.encode\(content\);\n\}/,
    replace: 'function stringToPrecomputedChunk(content) {\n  return content;\n}',
  },
  {
    // A segment's size, which only steers when React outlines a Suspense boundary: counted in
    // UTF-16 units, not by encoding every chunk (a pt-BR page is almost all one-byte characters).
    name: 'chunk size without encoding',
    find: /function byteLengthOfChunk\(chunk\) \{\n {2}return "string" === typeof chunk\n {4}\? Buffer\.byteLength\(chunk, "utf8"\)\n {4}: chunk\.byteLength;\n\}/,
    replace:
      'function byteLengthOfChunk(chunk) {\n  return "string" === typeof chunk ? chunk.length : chunk.byteLength;\n}',
  },
  {
    // Each flush began with a fresh 4 KB buffer the writer no longer uses (twice in the file).
    name: 'no buffer per flush',
    find: /currentView = new Uint8Array\(4096\);\n(\s*)writtenBytes = 0;/g,
    replace: 'writtenBytes = 0;',
  },
]

/** The module's code with the edits applied; throws naming the edits that no longer match. */
export function patchReactDomServer(code: string): string {
  const missing: string[] = []
  let edited = code
  for (const edit of EDITS) {
    if (!edit.find.test(edited)) missing.push(edit.name)
    edit.find.lastIndex = 0
    edited = edited.replace(edit.find, edit.replace)
  }
  if (missing.length > 0)
    throw new Error(`React's server renderer changed; not applied: ${missing.join(', ')} (see ADR 231)`)
  if (/new Uint8Array\(4096\)|encodeInto/.test(edited))
    throw new Error("React's server renderer still encodes into 4 KB views (see ADR 231)")
  return edited
}

/** The names the copy exports (`exports.name = …`): the bundle may import no other. */
function exportsOf(code: string) {
  return new Set([...code.matchAll(/^exports\.(\w+) =/gm)].map((match) => match[1]!))
}

export function reactDomServerTextWriter(): Plugin {
  const require = createRequire(import.meta.url)
  const source = path.join(
    path.dirname(require.resolve('react-dom/package.json')),
    'cjs/react-dom-server.node.production.js',
  )
  let ssr = false
  let outDir = ''
  let code = ''
  return {
    name: 'vitrine:react-dom-server-text-writer',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      ssr = !!config.build.ssr
      outDir = path.resolve(config.root, config.build.outDir)
      if (ssr) code = patchReactDomServer(fs.readFileSync(source, 'utf8'))
    },
    resolveId(id) {
      if (!ssr || id !== 'react-dom/server') return null
      return { id: path.join(outDir, FILE_NAME), external: true }
    },
    renderChunk(chunkCode, chunk) {
      // The import names the copy by its path from the chunk (the bundle moves with its folder).
      const id = path.join(outDir, FILE_NAME)
      if (!ssr || !chunkCode.includes(id)) return null
      const relative = path.relative(path.dirname(path.join(outDir, chunk.fileName)), id)
      const specifier = relative.startsWith('.') ? relative : `./${relative}`
      return {
        code: chunkCode.replaceAll(`'${id}'`, `'${specifier}'`).replaceAll(`"${id}"`, `"${specifier}"`),
        map: null,
      }
    },
    generateBundle(_options, bundle) {
      if (!ssr) return
      const id = path.join(outDir, FILE_NAME)
      const offered = exportsOf(code)
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const names = chunk.importedBindings[id] ?? []
        const unknown = names.filter((name) => name !== '*' && !offered.has(name))
        if (unknown.length > 0)
          this.error(
            `${chunk.fileName} imports ${unknown.join(', ')} from react-dom/server: not in its Node renderer (ADR 231)`,
          )
      }
      this.emitFile({ type: 'asset', fileName: FILE_NAME, source: code })
    },
  }
}
