// The brand editor's form (/minha-conta/marca): logo, colours (with the logo's suggestion), font
// pair, professional details. Works as a plain multipart POST; with JavaScript, every change
// redraws the live preview beside it.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form } from 'react-router'
import type { z } from 'zod'
import { Button, SubmitButton } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { RadioGroupField, TextField } from '~/components/ui/conform-fields'
import { Field, FormErrors } from '~/components/ui/field'
import { FileInput } from '~/components/ui/input'
import { BrandSchema, FONT_PAIRS } from '~/domain/brand'

export type BrandValues = {
  primary_color: string
  secondary_color: string
  font: string
  creci: string
  instagram: string
  whatsapp: string
}

type Props = {
  values: BrandValues
  logo: string | null
  logoColors: string[]
  previewSrc: string
  result: SubmissionResult<string[]> | undefined
  /** The save button's words ("Salvar marca" by default). */
  submitLabel?: string
  /** Beside the save button (the onboarding step's "Pular por agora"). */
  aside?: ReactNode
}

/** What the form posts, as the schema reads it. */
type BrandFormValues = z.input<typeof BrandSchema>

const PREVIEW_KEYS = ['primary_color', 'secondary_color', 'font'] as const

/** The preview address for the form's current colours and font (JavaScript only). */
function draftPreview(form: HTMLFormElement, saved: string): string {
  const data = new FormData(form)
  const query = new URLSearchParams()
  for (const key of PREVIEW_KEYS) query.set(key, String(data.get(key) ?? ''))
  return `${saved.split('?')[0]}?${query}`
}

/** The preview with the chosen logo (unsaved) and the form's colours, as an object URL. */
async function previewWithLogo(form: HTMLFormElement, saved: string): Promise<string | null> {
  const response = await fetch(saved.split('?')[0]!, { method: 'POST', body: new FormData(form) }).catch(() => null)
  if (!response?.ok) return null
  return URL.createObjectURL(await response.blob())
}

function ColourInput({
  meta,
  label,
}: {
  meta: ReturnType<typeof useForm<BrandFormValues>>[1]['primary_color']
  label: string
}) {
  const { key, ...props } = getInputProps(meta, { type: 'color' })
  return (
    <Field htmlFor={meta.id} label={label} errors={meta.errors} errorId={meta.errorId}>
      <input
        key={key}
        {...props}
        className="mt-1 block h-11 w-24 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
      />
    </Field>
  )
}

function LogoField({ logo, logoColors, errors }: { logo: string | null; logoColors: string[]; errors?: string[] }) {
  return (
    <div className="mb-4">
      <div className="flex items-start gap-4">
        <div className="grid size-24 shrink-0 place-items-center rounded-lg border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px]">
          {logo ? (
            <img src={logo} alt="Logotipo atual" className="max-h-20 max-w-20 object-contain" />
          ) : (
            <span className="text-xs text-slate-500">Sem logotipo</span>
          )}
        </div>
        <Field
          htmlFor="logo"
          label="Logotipo"
          hint="PNG, JPEG ou WebP. Um fundo liso (branco, por exemplo) é removido."
          hintId="logo-hint"
          errors={errors}
          errorId="logo-error"
          className="min-w-0 flex-1"
        >
          <FileInput
            id="logo"
            name="logo"
            accept="image/png,image/jpeg,image/webp"
            className="mt-1"
            aria-describedby="logo-hint"
          />
          {logo ? (
            <Checkbox name="remove_logo" value="on">
              Remover o logotipo
            </Checkbox>
          ) : null}
        </Field>
      </div>
      {logoColors.length ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <span>Cores do logotipo:</span>
          {logoColors.map((colour) => (
            <span key={colour} className="inline-flex items-center gap-1">
              <span
                aria-hidden="true"
                className="size-5 rounded border border-slate-300"
                style={{ background: colour }}
              />
              {colour}
            </span>
          ))}
          <Button variant="secondary" size="sm" name="use_logo_colors" value="1">
            Usar as cores do logotipo
          </Button>
        </div>
      ) : null}
    </div>
  )
}

export function BrandForm({
  values,
  logo,
  logoColors,
  previewSrc,
  result,
  submitLabel = 'Salvar marca',
  aside,
}: Props) {
  const [form, fields] = useForm<BrandFormValues, z.output<typeof BrandSchema>>({
    lastResult: result,
    defaultValue: values,
    // Checked in the browser as the agent types: no validation round trip posts the logo, and a
    // fixed field's message goes before the click on "Salvar marca" (on blur it left on the
    // button's mousedown, moving the button from under the click).
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BrandSchema }),
  })
  const [preview, setPreview] = useState(previewSrc)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => {
    // A colour or font picked before the page's script arrived (a slow phone) shows at once.
    const element = document.getElementById(form.id)
    if (!(element instanceof HTMLFormElement)) {
      setPreview(previewSrc)
      return
    }
    const data = new FormData(element)
    const picked = PREVIEW_KEYS.some((key) => String(data.get(key) ?? '') !== values[key])
    setPreview(picked ? draftPreview(element, previewSrc) : previewSrc)
    // Only when the saved preview changes (after a save), not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [previewSrc])
  const errors = result?.error as Record<string, string[]> | undefined
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-[1fr_18rem]">
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        onChange={(event) => {
          const target = event.currentTarget
          clearTimeout(timer.current)
          timer.current = setTimeout(() => {
            const logo = target.elements.namedItem('logo')
            const chosen = logo instanceof HTMLInputElement && logo.files?.length
            // A logo just chosen is not saved: the preview is drawn from the file, sent as it is.
            if (!chosen) return setPreview(draftPreview(target, previewSrc))
            void previewWithLogo(target, previewSrc).then((src) => src && setPreview(src))
          }, 350)
        }}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <LogoField logo={logo} logoColors={logoColors} errors={errors?.logo} />
        <div className="mb-4 flex flex-wrap gap-6">
          <ColourInput meta={fields.primary_color} label="Cor principal" />
          <ColourInput meta={fields.secondary_color} label="Cor de destaque" />
        </div>
        <div className="mb-4">
          <RadioGroupField
            meta={fields.font}
            legend="Fontes"
            options={FONT_PAIRS.map((pair) => ({ value: pair.heading, label: pair.label }))}
          />
        </div>
        <TextField className="mb-4" meta={fields.creci} label="CRECI" placeholder="12345-F" />
        <TextField className="mb-4" meta={fields.instagram} label="Instagram" prefix="@" placeholder="seuperfil" />
        <TextField
          className="mb-4"
          meta={fields.whatsapp}
          label="WhatsApp"
          type="tel"
          inputMode="tel"
          placeholder="(11) 98765-4321"
        />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pendingText="Salvando…">{submitLabel}</SubmitButton>
          {aside}
        </div>
      </Form>
      <figure className="md:sticky md:top-4 md:self-start">
        <img
          src={preview}
          alt="Prévia de um post com a sua marca"
          width={1080}
          height={1080}
          className="aspect-square w-full rounded-lg border border-slate-200 bg-slate-100"
        />
        <figcaption className="mt-2 text-xs text-slate-600">
          Capa de post de um dos seus imóveis, desenhada com a sua marca.
        </figcaption>
      </figure>
    </div>
  )
}
