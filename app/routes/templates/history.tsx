// /modelos/historico — the agent's posts, newest first, filtered by template and property;
// open, duplicate or delete (soft) each one.
import { data, Link } from 'react-router'
import type { Route } from './+types/history'
import { HistoryPages, PostFilters, PostHistoryItem } from '~/components/templates/post-history'
import { LinkButton } from '~/components/ui/button'
import { EmptyState } from '~/components/ui/card'
import { dbContext } from '~/context'
import { forbidden, requireUser } from '~/utils/session.server'
import { canEditPiece } from '~/domain/team'
import { deletePost, duplicatePost, getPost, listPostFilters, listPosts } from '~/models/posts.server'
import { canGeneratePost } from '~/models/quota.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { idParam, pageNotFound } from '~/utils/params'
import { clip } from '~/domain/clip'
import { postImagePath } from '~/domain/public-links'
import { safeRedirect } from '~/utils/redirect'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Meus posts', matches)

const optionalId = (value: string | null) => {
  const parsed = idParam.safeParse(value ?? '')
  return parsed.success ? parsed.data : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const url = new URL(request.url)
  const templateId = optionalId(url.searchParams.get('modelo'))
  const homeId = optionalId(url.searchParams.get('imovel'))
  const page = optionalId(url.searchParams.get('pagina')) ?? 1
  const [posts, filters] = await Promise.all([
    listPosts(db, user.accountId, { templateId, homeId, page }),
    listPostFilters(db, user.accountId),
  ])
  return {
    filters,
    selected: { templateId, homeId },
    page: posts.page,
    pages: posts.pages,
    total: posts.total,
    posts: posts.items.map((post) => {
      const slides = post.meta.slides ?? []
      return {
        id: post.id,
        templateId: post.template_id,
        templateName: post.template_name ?? 'Modelo removido',
        homeName: post.home_name,
        createdAt: post.created_at.toISOString(),
        generating: post.generating,
        error: post.error,
        caption: clip(post.description ?? '', 220),
        // The cover as the post draws it (a small JPEG made once per version), not a raw photo.
        image: post.generating ? null : postImagePath(post.public_id, { thumbnail: true }),
        slides: slides.filter((slide) => !slide.hide).length,
      }
    }),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const formData = await readForm(request)
  const postId = optionalId(String(formData.get('post') ?? ''))
  const back = safeBack(String(formData.get('back') ?? ''))
  if (!postId) return data({ error: 'Post não encontrado' }, { status: 400 })
  const intent = formData.get('intent')
  if (intent === 'delete') {
    const post = await getPost(db, user.accountId, postId)
    if (!post) throw pageNotFound(request)
    if (!canEditPiece(user, post.created_by)) throw forbidden()
    if (!(await deletePost(db, user.accountId, postId))) throw pageNotFound(request)
    return redirectWithToast(back, {
      type: 'success',
      title: 'Post excluído',
      description: 'Ele saiu do seu histórico.',
    })
  }
  if (intent === 'duplicate') {
    // A copy counts as a post of the month, like a generated one.
    const quota = await canGeneratePost(db, user.accountId)
    if (!quota.allowed)
      return redirectWithToast(back, {
        type: 'error',
        title: 'Limite de posts do plano',
        description: quota.message ?? 'Seu plano não permite mais posts este mês.',
      })
    const copy = await duplicatePost(db, user.accountId, postId, user.id)
    if (!copy) throw pageNotFound(request)
    return redirectWithToast(back, {
      type: 'info',
      title: 'Post duplicado',
      description: 'A cópia está no topo da lista.',
    })
  }
  return data({ error: 'Ação desconhecida' }, { status: 400 })
}

/** Back to the same filtered list; only this page's own addresses. */
function safeBack(value: string) {
  const back = safeRedirect(value, '/modelos/historico')
  return back.startsWith('/modelos/historico') ? back : '/modelos/historico'
}

export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  const { filters, selected, posts, page, pages, total } = loaderData
  const query = (next: Record<string, string | number | null>) => {
    const params = new URLSearchParams()
    const merged = { modelo: selected.templateId, imovel: selected.homeId, ...next }
    for (const [key, value] of Object.entries(merged)) if (value) params.set(key, String(value))
    const text = params.toString()
    return text ? `/modelos/historico?${text}` : '/modelos/historico'
  }
  const here = query({ pagina: page > 1 ? page : null })
  const filtered = Boolean(selected.templateId || selected.homeId)
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Meus posts</h1>
          <p className="mt-1 text-slate-600">
            {total === 1 ? '1 post' : `${total} posts`}, do mais novo para o mais antigo.
          </p>
        </div>
        <LinkButton to="/modelos">Criar post</LinkButton>
      </div>
      <PostFilters
        templates={filters.templates}
        homes={filters.homes}
        templateId={selected.templateId}
        homeId={selected.homeId}
      />
      {posts.length === 0 ? (
        <EmptyState className="mt-10">
          {filtered ? 'Nenhum post com estes filtros.' : 'Você ainda não gerou nenhum post.'}{' '}
          <Link to="/modelos" className="font-semibold text-brand-700 hover:underline">
            Escolher um modelo
          </Link>
        </EmptyState>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Posts">
          {posts.map((post) => (
            <PostHistoryItem key={post.id} post={post} back={here} />
          ))}
        </ul>
      )}
      <HistoryPages page={page} pages={pages} href={(n) => query({ pagina: n })} />
    </div>
  )
}
