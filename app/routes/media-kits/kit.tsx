// /media-kits/:id — the owner's kit: every piece previewed from its rendered files, its words and
// photo editable, one piece regenerated, each file or the whole zip downloaded, the public link
// to share, and the choice of showing the phone. Another user's kit is 404.
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/kit'
import { KitQr } from '~/components/media-kits/kit-qr'
import { KitPieceCard, type PieceErrors } from '~/components/media-kits/kit-piece'
import { Button, SubmitButton, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/choice'
import { Input } from '~/components/ui/input'
import { dbContext, type SessionUser } from '~/context'
import { KIT_PIECE_KEYS } from '~/domain/media-kit'
import { getMediaKit } from '~/models/media-kits.server'
import { KIT_INTENTS, kitAction, kitPageData } from '~/workflows/media-kit-actions.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { forbidden, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  pageTitle(loaderData ? `Media kit: ${loaderData.homeName}` : 'Media kit', matches)

/** The account's kit, else 404 as if it did not exist. */
async function ownKit(context: Readonly<RouterContextProvider>, request: Request, user: SessionUser, id: number) {
  const kit = await getMediaKit(context.get(dbContext), user.accountId, id)
  if (!kit) throw pageNotFound(request)
  return kit
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  return kitPageData(context, user, await ownKit(context, request, user, id))
}

const field = z.string().optional()
/** The page's forms; the words of an edit are checked by kitAction, after who may change the kit. */
const KitFormSchema = z.object({
  // Any other button is the piece's "Salvar".
  _intent: z.enum(KIT_INTENTS).catch('editar'),
  piece: z.enum(KIT_PIECE_KEYS).optional().catch(undefined),
  show_phone: field,
  title: field,
  description: field,
  text: field,
  photo: field,
})

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const kit = await ownKit(context, request, user, id)
  // Kept as sent: an emptied field clears the piece's words, a field not sent keeps them.
  const submission = parseWithZod(await readForm(request), { schema: KitFormSchema, disableAutoCoercion: true })
  if (submission.status !== 'success') throw data('Pedido inválido.', { status: 400 })
  const { _intent: intent, piece, show_phone, ...fields } = submission.value
  const result = await kitAction(context, user, kit, { intent, piece, showPhone: show_phone === 'on', fields })
  if (result.status === 'forbidden') throw forbidden()
  if (result.status === 'not-found') throw pageNotFound(request)
  if (result.status === 'deleted')
    return redirectWithToast('/media-kits', {
      type: 'success',
      title: 'Media kit excluído',
      description: 'O link público deixou de funcionar.',
    })
  if (result.status === 'invalid') return data(result, { status: 400 })
  return redirectWithToast(`/media-kits/${id}`, {
    type: 'success',
    title: result.title,
    description: 'A prévia e os arquivos já mostram a mudança.',
  })
}

function Share({ url }: { url: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor="kit-link" className="text-sm font-medium text-slate-800">
        Link público do media kit
      </label>
      <Input id="kit-link" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <p className="text-sm text-slate-600">
        Quem tiver o link vê e baixa as peças. Nada da sua conta aparece, além do nome e do telefone (se você escolher
        mostrá-lo).{' '}
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-sky-700 underline underline-offset-2"
        >
          Abrir página pública
        </a>
      </p>
    </div>
  )
}

function PhoneChoice({ showPhone, hasPhone }: { showPhone: boolean; hasPhone: boolean }) {
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="_intent" value="telefone" />
      <Checkbox name="show_phone" defaultChecked={showPhone} disabled={!hasPhone}>
        Mostrar meu telefone nas peças e na página pública
      </Checkbox>
      {hasPhone ? (
        <Button type="submit" variant="secondary" size="sm">
          Salvar
        </Button>
      ) : (
        <span className="text-sm text-slate-600">Cadastre um telefone no seu perfil para mostrá-lo.</span>
      )}
    </Form>
  )
}

export default function MediaKitPage({ loaderData, actionData }: Route.ComponentProps) {
  const kit = loaderData
  const failed = (key: string): PieceErrors =>
    actionData && actionData.status === 'invalid' && actionData.piece === key
      ? { errors: actionData.errors, values: actionData.values }
      : null
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <nav className="text-sm text-slate-600" aria-label="Trilha">
        <Link to="/media-kits" className="inline-flex min-h-11 items-center underline underline-offset-2">
          Media kits
        </Link>{' '}
        / {kit.homeName}
      </nav>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Media kit: {kit.homeName}</h1>
      <p className="mt-1 text-slate-600">
        Imóvel:{' '}
        <Link to={`/imoveis/${kit.homeId}`} className="underline underline-offset-2">
          {kit.homeName}
        </Link>
      </p>
      <Card className="mt-6 space-y-4">
        <a href={kit.zip.url} download={kit.zip.name} className={buttonClass()}>
          Baixar tudo (.zip)
        </a>{' '}
        <Link to={`/imoveis/${kit.homeId}/video`} className={buttonClass({ variant: 'secondary' })}>
          Vídeo do imóvel (Reels)
        </Link>
        <Share url={kit.shareUrl} />
        {kit.qr ? <KitQr qr={kit.qr} /> : null}
        {kit.mayEdit ? <PhoneChoice showPhone={kit.showPhone} hasPhone={kit.hasPhone} /> : null}
      </Card>
      <div className="mt-6 space-y-6">
        {kit.pieces.map((piece) => (
          <KitPieceCard
            key={piece.key}
            piece={piece}
            photos={kit.photos}
            failed={failed(piece.key)}
            editable={kit.mayEdit}
          />
        ))}
      </div>
      {kit.mayDelete ? (
        <Form method="post" className="mt-8">
          <SubmitButton name="_intent" value="excluir" variant="danger" pendingText="Excluindo…">
            Excluir media kit
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-8 text-sm text-slate-600">
          Este media kit é de outro membro da equipe: você vê e baixa as peças, mas só quem o criou, um gestor ou o dono
          muda ou exclui.
        </p>
      )}
    </div>
  )
}
