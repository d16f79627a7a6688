// Multipart forms read as they stream in (@remix-run/form-data-parser), for the routes that take
// files: each file is handed to the route's `onFile` as soon as its part ends, so the process holds
// one file's bytes at a time, never the whole body; the limits (bytes per file, files, parts, bytes
// in all) are checked while the body arrives, and reading stops at the first one passed, the rest
// of the body left unread. Text values lose their NULs as every form's do (ADR 206). A body that is
// not a form is the sender's mistake: 'unreadable', never a 500 (ADR 142).
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from '@remix-run/form-data-parser'
import { withoutNul } from '~/utils/form-body.server'

export type { FileUpload }

export type StreamedFormLimits = {
  /** Bytes of one part (a file, or a text value). */
  maxFileBytes: number
  /** File parts in the form. */
  maxFiles: number
  /** Bytes of the whole body. */
  maxTotalBytes: number
  /** Parts of every kind (files and text values); 200 unless given. */
  maxParts?: number
}

/** Why a form was not read: what the route tells the person. */
export type StreamedFormRefusal = 'file-too-large' | 'too-many-files' | 'too-large' | 'unreadable'

export type StreamedForm = { ok: true; form: FormData } | { ok: false; refusal: StreamedFormRefusal }

/**
 * What `onFile` answers goes into the form in the file's place (a storage key, the file itself);
 * null leaves the file out. It runs before the next part is read: the body waits for it.
 */
export type FileHandler = (file: FileUpload) => Promise<string | Blob | null | void> | string | Blob | null | void

/** The form of a multipart (or urlencoded) request, read within `limits`, or why it was refused. */
export async function readStreamedForm(
  request: Request,
  limits: StreamedFormLimits,
  onFile: FileHandler = () => null,
): Promise<StreamedForm> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limits.maxTotalBytes) return refused(request, 'too-large')
  try {
    const form = await parseFormData(
      request,
      {
        maxFileSize: limits.maxFileBytes,
        maxFiles: limits.maxFiles,
        maxTotalSize: limits.maxTotalBytes,
        maxParts: limits.maxParts ?? 200,
        maxHeaderSize: 8 * 1024,
      },
      onFile,
    )
    return { ok: true, form: withoutNul(form) }
  } catch (error) {
    const refusal = refusalOf(error)
    if (!refusal) throw error
    return refused(request, refusal)
  }
}

function refusalOf(error: unknown): StreamedFormRefusal | null {
  if (error instanceof MaxFileSizeExceededError) return 'file-too-large'
  if (error instanceof MaxFilesExceededError || error instanceof MaxPartsExceededError) return 'too-many-files'
  if (error instanceof MaxTotalSizeExceededError) return 'too-large'
  if (error instanceof MaxHeaderSizeExceededError || error instanceof FormDataParseError) return 'unreadable'
  return null
}

/** The refusal, the body's unread rest cancelled: nothing more of it is read or kept. */
function refused(request: Request, refusal: StreamedFormRefusal): StreamedForm {
  if (request.body && !request.bodyUsed) request.body.cancel().catch(() => undefined)
  return { ok: false, refusal }
}
