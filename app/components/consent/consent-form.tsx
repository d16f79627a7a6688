// The cookie choice: the banner shown until the visitor chooses, and the same choice on the
// privacy policy page. Plain form POSTs to /consentimento that redirect back without
// JavaScript; with JavaScript a fetcher sends them and the page stays where it is.
import { useEffect, useId, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { CONSENT_CATEGORY_LABELS, type ConsentState } from '~/domain/consent'

export const CONSENT_ACTION = '/consentimento'

/** "Aceitar todos" and "Rejeitar todos" look the same: refusing is as easy as accepting. */
const choiceClass = 'flex-1 whitespace-nowrap sm:flex-none'

function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

function ConsentFields({
  consent,
  redirectTo,
  idPrefix,
}: {
  consent: ConsentState | null
  redirectTo: string
  idPrefix: string
}) {
  const hydrated = useHydrated()
  return (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {/* Present only once React runs: the action then answers in place instead of redirecting. */}
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <fieldset className="space-y-3">
        <legend className="sr-only">Categorias de cookies</legend>
        {(['necessary', 'analytics', 'marketing'] as const).map((category) => {
          const label = CONSENT_CATEGORY_LABELS[category]
          const id = `${idPrefix}-${category}`
          return (
            <div key={category}>
              {/* The whole row is the tap target, at least 44 px tall. */}
              <label htmlFor={id} className="flex min-h-11 items-center gap-3 font-medium text-slate-900">
                <input
                  id={id}
                  type="checkbox"
                  name={category}
                  className="size-4 shrink-0 accent-brand-700"
                  defaultChecked={category === 'necessary' || Boolean(consent?.[category])}
                  disabled={category === 'necessary'}
                  aria-describedby={`${id}-descricao`}
                />
                {label.title}
                {category === 'necessary' ? ' (sempre ativos)' : ''}
              </label>
              <p id={`${id}-descricao`} className="pl-7 text-sm text-slate-600">
                {label.description}
              </p>
            </div>
          )
        })}
      </fieldset>
    </>
  )
}

/** The links to the texts, worded apart from the footer's "Termos de uso" / "Política de privacidade". */
function MoreAbout() {
  return (
    <>
      Saiba mais em{' '}
      <Link to="/politica-de-privacidade#cookies" className="font-medium text-brand-700 underline">
        como tratamos seus dados
      </Link>{' '}
      e nas{' '}
      <Link to="/termos-de-uso" className="font-medium text-brand-700 underline">
        regras de uso do serviço
      </Link>
      .
    </>
  )
}

function ChoiceButtons() {
  return (
    <>
      <Button name="intent" value="accept-all" size="sm" className={choiceClass}>
        Aceitar todos
      </Button>
      <Button name="intent" value="reject-all" size="sm" className={choiceClass}>
        Rejeitar todos
      </Button>
    </>
  )
}

/**
 * Shown at the top of every page until the visitor chooses. It sits in the page flow rather than
 * floating over it, so on a small phone it never hides a button. Nothing non-essential runs
 * while it shows.
 */
export function ConsentBanner({ consent }: { consent: ConsentState }) {
  const fetcher = useFetcher<{ ok: boolean }>()
  const location = useLocation()
  const idPrefix = useId()
  // Hidden as soon as an answer is on its way; the root loader then confirms it.
  if (consent.decided || fetcher.state !== 'idle' || fetcher.data?.ok) return null
  const here = location.pathname + location.search + location.hash
  return (
    <section aria-labelledby={`${idPrefix}-titulo`} className="border-b border-slate-300 bg-white">
      <fetcher.Form method="post" action={CONSENT_ACTION} className="mx-auto max-w-6xl px-4 py-3 sm:py-4">
        {/* On a phone one line and two buttons (ADR 178); the rest behind "Personalizar". */}
        <h2 id={`${idPrefix}-titulo`} className="sr-only text-base font-semibold text-slate-900 sm:not-sr-only">
          Cookies e privacidade
        </h2>
        <p className="text-sm text-slate-700 sm:hidden">Usamos cookies: você escolhe quais.</p>
        <p className="mt-1 hidden text-sm text-slate-700 sm:block">
          Usamos cookies necessários para o site funcionar. Com a sua permissão, usamos também cookies de análise de uso
          e de marketing. Você pode mudar a escolha quando quiser. <MoreAbout />
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 sm:mt-3">
          <ChoiceButtons />
          <details className="group w-full sm:w-auto">
            <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700 underline">
              Personalizar
            </summary>
            <div className="mt-2 space-y-3 sm:hidden">
              <p className="text-sm text-slate-700">
                Os necessários fazem o site funcionar; análise de uso e marketing só com a sua permissão, e você pode
                mudar a escolha quando quiser. <MoreAbout />
              </p>
            </div>
            <div className="mt-3 space-y-3">
              <ConsentFields consent={consent} redirectTo={here} idPrefix={idPrefix} />
              <Button variant="secondary" name="intent" value="save">
                Salvar escolhas
              </Button>
            </div>
          </details>
        </div>
      </fetcher.Form>
    </section>
  )
}

/** The same choice, always visible, on the privacy policy (section "Cookies"). */
export function ConsentPreferencesForm({ consent, redirectTo }: { consent: ConsentState | null; redirectTo: string }) {
  const fetcher = useFetcher<{ ok: boolean }>()
  const idPrefix = useId()
  const summary = !consent?.decided
    ? 'Você ainda não escolheu: só os cookies necessários estão ativos.'
    : consent.analytics && consent.marketing
      ? 'Sua escolha atual: todos os cookies permitidos.'
      : !consent.analytics && !consent.marketing
        ? 'Sua escolha atual: só os cookies necessários.'
        : `Sua escolha atual: necessários e ${consent.analytics ? 'análise de uso' : 'marketing'}.`
  return (
    <fetcher.Form
      method="post"
      action={CONSENT_ACTION}
      aria-labelledby={`${idPrefix}-titulo`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id={`${idPrefix}-titulo`} className="font-semibold text-slate-900">
        Preferências de cookies
      </h3>
      <p role="status" className="text-sm text-slate-700">
        {fetcher.state !== 'idle' ? 'Salvando…' : summary}
      </p>
      {/* Remount on a new choice so the boxes show what was saved (e.g. after "Aceitar todos"). */}
      <ConsentFields
        key={`${consent?.analytics}-${consent?.marketing}`}
        consent={consent}
        redirectTo={redirectTo}
        idPrefix={idPrefix}
      />
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" name="intent" value="save">
          Salvar escolhas
        </Button>
        <ChoiceButtons />
      </div>
    </fetcher.Form>
  )
}
