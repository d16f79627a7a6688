// What the build-time edits of a dependency share (ADRs 226, 232): a Vite plugin that edits
// modules of node_modules as the production server build takes them in (vite.config.ts bundles
// those packages into build/server; no file under node_modules changes), and fails that build
// when an edit found nothing to change, so that an upgrade cannot drop one silently.
import type { Plugin } from 'vite'

export function serverBuildEdit(options: {
  name: string
  /** The modules to edit, by their resolved path. */
  modules: RegExp
  /** A module's code with the edits that apply to it, or null when none does. */
  edit: (code: string) => string | null
  /** Once the server build is done: why it fails (an edit applied nowhere), or null. */
  missing: () => string | null
}): Plugin {
  let ssr = false
  return {
    name: options.name,
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      ssr = !!config.build.ssr
    },
    transform(code, id) {
      if (!ssr || !options.modules.test(id)) return null
      const edited = options.edit(code)
      return edited === null ? null : { code: edited, map: null }
    },
    buildEnd(error) {
      if (!ssr || error) return
      const missing = options.missing()
      if (missing) this.error(missing)
    },
  }
}
