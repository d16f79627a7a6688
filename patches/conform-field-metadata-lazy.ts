// Conform builds a field's metadata (a Proxy over an object of fifteen getters) on every read of
// any of its properties, even for those it answers without it: the form's id and the field's
// constraints (`required`, `minLength`, …). This Vite plugin edits Conform's code as the server
// bundle takes it in (vite.config.ts bundles @conform-to/react into build/server) so that the
// metadata is built only for the properties that read it. What every read returns is unchanged.
// A Conform whose code no longer matches fails the build: read ADR 232 before upgrading.
import type { Plugin } from 'vite'
import { serverBuildEdit } from './server-build-edit'

const FIND = `    get(_, key, receiver) {
      var _state$constraint$nam;
      var metadata = getMetadata(context, subjectRef, stateSnapshot, name);
      var state = context.getState();`

const REPLACE = `    get(_, key, receiver) {
      var _state$constraint$nam;
      var state = context.getState();`

const RETURN_FIND = `      }
      return Reflect.get(metadata, key, receiver);
    }
  });
}
function getFormMetadata(`

const RETURN_REPLACE = `      }
      var metadata = getMetadata(context, subjectRef, stateSnapshot, name);
      return Reflect.get(metadata, key, receiver);
    }
  });
}
function getFormMetadata(`

/** Conform's context module with the edit applied; throws when its code changed. */
export function patchConformContext(code: string): string {
  if (!code.includes(FIND) || !code.includes(RETURN_FIND))
    throw new Error("Conform's field metadata changed; not applied: metadata built lazily (see ADR 232)")
  return code.replace(FIND, REPLACE).replace(RETURN_FIND, RETURN_REPLACE)
}

export function conformFieldMetadataLazy(): Plugin {
  let applied = false
  return serverBuildEdit({
    name: 'vitrine:conform-field-metadata-lazy',
    modules: /\/@conform-to\/react\/dist\/context\.mjs$/,
    edit(code) {
      applied = true
      return patchConformContext(code)
    },
    missing: () => (applied ? null : "Conform's context module was not bundled (see ADR 232)"),
  })
}
