// One error page for the whole app: the document title comes from the root meta,
// the body explains in Portuguese and links home. Never a stack trace outside development.
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { LinkButton } from '~/components/ui/button'
import { SAVE_WORK, SAVE_WORK_PATH } from '~/domain/trial'

/** The tab's title: one title for a 404 and one for the rest, and a 403 in pt-BR, like its page. */
export function errorTitle(error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 404) return 'Page Not Found'
  if (isRouteErrorResponse(error) && error.status === 403) return 'Acesso negado'
  return 'Internal Server Error'
}

const explanations: Record<number, { heading: string; text: string }> = {
  400: { heading: 'Pedido inválido', text: 'Confira os dados enviados e tente novamente.' },
  403: {
    heading: 'Acesso negado',
    text: 'Sua conta não tem permissão para abrir esta página.',
  },
  404: {
    heading: 'Página não encontrada',
    text: 'O endereço pode estar errado ou a página foi removida.',
  },
  413: {
    heading: 'O envio passou do tamanho permitido',
    text: 'Volte à página anterior e envie menos dados ou arquivos menores.',
  },
  429: {
    heading: 'Muitas tentativas',
    text: 'Aguarde alguns minutos antes de tentar de novo.',
  },
  503: {
    heading: 'Estamos com instabilidade…',
    text: 'Não conseguimos acessar seus dados agora. Tente novamente em alguns instantes.',
  },
}

/** The trial's refusal (ADR 269): what it leaves out, and the way on. */
function saveWorkText(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null
  const body = error.data as { saveWork?: unknown } | null
  return body && typeof body === 'object' && typeof body.saveWork === 'string' ? body.saveWork : null
}

export function GeneralErrorBoundary() {
  const error = useRouteError()
  const saveWork = saveWorkText(error)
  if (saveWork)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700">Teste sem cadastro</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Salve seu trabalho para continuar</h1>
        <p className="mt-4 text-slate-600">{saveWork}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <LinkButton to={SAVE_WORK_PATH}>{SAVE_WORK}</LinkButton>
          <LinkButton to="/" variant="secondary">
            Voltar para o início
          </LinkButton>
        </div>
      </div>
    )
  const status = isRouteErrorResponse(error) ? error.status : 500
  const known = explanations[status] ?? {
    heading: 'Algo deu errado',
    text: 'Tivemos um problema ao abrir esta página. Tente novamente em instantes.',
  }
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string'
      ? error.data
      : error.statusText
    : import.meta.env.DEV && error instanceof Error
      ? error.message
      : null
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700">Erro {status}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{known.heading}</h1>
      <p className="mt-4 text-slate-600">{known.text}</p>
      {message ? <p className="mt-2 font-mono text-sm break-all text-slate-500">{message}</p> : null}
      {import.meta.env.DEV && error instanceof Error && error.stack ? (
        <pre className="mt-6 overflow-auto rounded bg-slate-100 p-4 text-left text-xs">{error.stack}</pre>
      ) : null}
      <LinkButton to="/" className="mt-8">
        Voltar para o início
      </LinkButton>
    </div>
  )
}
