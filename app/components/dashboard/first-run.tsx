// The home page's parts (ADR 181): the first-run checklist that ticks itself from
// the data, and the agent's recent properties and posts.
import { Link } from 'react-router'
import type { FirstRun } from '~/domain/first-run'
import { cx } from '~/components/ui/cx'

const FIRST_STEPS = [
  {
    key: 'brand',
    title: 'Sua marca',
    text: 'Logo, cores, CRECI e contatos em todos os posts.',
    to: '/boas-vindas',
    action: 'Definir marca',
  },
  {
    key: 'home',
    title: 'Primeiro imóvel',
    text: 'Fotos, valores e endereço.',
    to: '/imoveis/novo',
    action: 'Cadastrar imóvel',
  },
  {
    key: 'post',
    title: 'Primeiro post',
    text: 'Escolha um modelo e gere imagens e legenda.',
    to: '/modelos',
    action: 'Criar post',
  },
] as const

type Step = {
  key: keyof FirstRun['checklist']
  title: string
  text: string
  to: string
  action: string
  note?: string
}

const SCHEDULE: Step = {
  key: 'scheduled',
  title: 'Agendar',
  text: 'Deixe o post marcado para sair no horário escolhido.',
  to: '/agendar-posts',
  action: 'Agendar post',
}

// The free plan has no scheduling: its last step is one it allows.
const DOWNLOAD: Step = {
  key: 'downloaded',
  title: 'Baixar e postar',
  text: 'Baixe as imagens do post e publique no Instagram com a legenda.',
  note: 'Agendar publicações faz parte dos planos pagos.',
  to: '/modelos',
  action: 'Baixar post',
}

export function Checklist({
  done,
  canSchedule,
  latestPostPage,
}: {
  done: FirstRun['checklist']
  canSchedule: boolean
  latestPostPage: string | null
}) {
  const STEPS: readonly Step[] = [
    ...FIRST_STEPS,
    canSchedule ? SCHEDULE : { ...DOWNLOAD, to: latestPostPage ?? DOWNLOAD.to },
  ]
  const count = STEPS.filter((step) => done[step.key]).length
  if (count === STEPS.length) return null
  const next = STEPS.find((step) => !done[step.key])
  return (
    <section
      aria-labelledby="primeiros-passos"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="primeiros-passos" className="text-lg font-semibold text-slate-900">
          Primeiros passos
        </h2>
        <span className="text-sm text-slate-600">
          {count} de {STEPS.length}
        </span>
      </div>
      <div className="mt-2 h-2 rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-2 rounded-full bg-brand-600" style={{ width: `${(count / STEPS.length) * 100}%` }} />
      </div>
      <ol className="mt-3 space-y-1">
        {STEPS.map((step) => {
          const ok = done[step.key]
          const body = (
            <>
              <span
                className={cx(
                  'grid size-7 shrink-0 place-items-center rounded-full border-2 text-sm font-bold',
                  ok ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-transparent',
                )}
                aria-hidden="true"
              >
                ✓
              </span>
              <span className="min-w-0 flex-1">
                <span className={cx('block font-medium', ok ? 'text-slate-500 line-through' : 'text-slate-900')}>
                  {step.title}
                  <span className="sr-only">{ok ? ' (feito)' : ' (a fazer)'}</span>
                </span>
                {ok ? null : <span className="block text-sm text-slate-600">{step.text}</span>}
                {ok || !step.note ? null : <span className="block text-xs text-slate-500">{step.note}</span>}
                {step === next ? (
                  <span className="mt-2 inline-flex min-h-9 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white">
                    {step.action}
                  </span>
                ) : null}
              </span>
              {ok ? null : (
                <span aria-hidden="true" className="text-xl text-slate-400">
                  ›
                </span>
              )}
            </>
          )
          return (
            <li key={step.key}>
              {ok ? (
                <div className="flex items-center gap-3 py-2.5">{body}</div>
              ) : (
                <Link
                  to={step.to}
                  aria-label={`${step.title} (a fazer): ${step.action}`}
                  className={cx(
                    '-mx-2 flex min-h-11 items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50',
                    step === next && 'bg-brand-50 hover:bg-brand-50',
                  )}
                >
                  {body}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

function SectionHead({ id, title, to, more }: { id: string; title: string; to: string; more: string }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <Link to={to} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
        {more}
      </Link>
    </div>
  )
}

export function RecentHomes({ homes }: { homes: FirstRun['homes'] }) {
  if (!homes.length) return null
  return (
    <section aria-labelledby="imoveis-recentes" className="mt-8">
      <SectionHead id="imoveis-recentes" title="Imóveis recentes" to="/imoveis" more="Ver todos" />
      <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {homes.map((home) => (
          <li key={home.id}>
            <Link
              to={`/imoveis/${home.id}`}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500"
            >
              {home.cover ? (
                <img src={home.cover} alt="" className="size-16 shrink-0 rounded-lg object-cover" loading="lazy" />
              ) : (
                <span className="grid size-16 shrink-0 place-items-center rounded-lg bg-slate-100 text-xs text-slate-500">
                  Sem foto
                </span>
              )}
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{home.name}</span>
                <span className="block truncate text-sm text-slate-600">{home.place}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function RecentPosts({ posts }: { posts: FirstRun['posts'] }) {
  if (!posts.length) return null
  return (
    <section aria-labelledby="posts-recentes" className="mt-8">
      <SectionHead id="posts-recentes" title="Posts recentes" to="/modelos/historico" more="Ver todos" />
      <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {posts.map((post) => (
          <li key={post.id}>
            <Link
              to={post.templateId ? `/modelos/${post.templateId}?post=${post.id}#resultado` : '/modelos/historico'}
              className="block rounded-xl border border-slate-200 bg-white p-2 shadow-sm hover:border-brand-500"
            >
              {post.image ? (
                <img src={post.image} alt="" className="aspect-square w-full rounded-lg object-cover" loading="lazy" />
              ) : (
                <span className="grid aspect-square w-full place-items-center rounded-lg bg-slate-100 text-xs text-slate-500">
                  Sem imagem
                </span>
              )}
              <span className="mt-1.5 line-clamp-2 text-sm text-slate-800">{post.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
