// The summary above a long form that came back with errors (the property form): one link per
// field. Its own file, outside the shared UI chunk the guest pages load (vite.config.ts).
/**
 * "Confira os campos marcados abaixo." and a link, named by the field's label, to each field's message (a Conform form's
 * errors by field name; Conform names a field's message `${formId}-${name}-error`). Without
 * JavaScript a long form comes back at its top: the links take the person to the fields.
 */
export function ErrorSummary({
  formId,
  errors,
  labels = {},
}: {
  formId: string
  errors: Record<string, readonly string[] | null | undefined>
  /** Field names to their labels: a link reads "Bairro" (the message, "Obrigatório", waits beside the field). */
  labels?: Record<string, string>
}) {
  const fields = Object.entries(errors).filter(([name, messages]) => name && messages?.length)
  if (!fields.length) return null
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">Confira os campos marcados abaixo.</p>
      <ul className="mt-1">
        {fields.map(([name, messages]) => (
          <li key={name}>
            <a href={`#${formId}-${name}-error`} className="flex min-h-11 items-center underline">
              {labels[name] ?? messages![0]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
