// A ready property video: the player with its cover, "Baixar vídeo", "Compartilhar", the caption
// with "Copiar legenda", the Reels pre-flight and "Agendar" as a Reel (a plain form).
import { Form } from 'react-router'
import { buttonClass, SubmitButton } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { FieldErrors, Fieldset } from '~/components/ui/field'
import { CopyCaptionButton } from '~/components/post/share-button'
import { VideoShare } from './video-share'
import { REEL_NOT_YOURS } from '~/domain/team'

type ReelValues = { account_ids: string[]; date: string; time: string; caption: string }

type Props = {
  video: {
    id: number
    videoUrl: string
    coverUrl: string
    captionsUrl: string | null
    fileName: string
    caption: string
    duration: string | null
    sizeMb: string | null
    preflight: string[]
    reel: {
      id: number | null
      status: string | null
      publishAt: string | null
      error: string | null
      permalink: string | null
    }
    accounts: { id: number; name: string; provider: string }[]
    reelDefaults: { date: string; time: string; account_ids: string[] }
    /** The policy lets this person schedule it (a corretor: the videos they asked for). */
    maySchedule: boolean
  }
  errors: Record<string, string[]>
  values: ReelValues | null
}

const REEL_STATUS: Record<string, string> = {
  scheduled: 'Reel agendado.',
  publishing: 'Publicando o Reel…',
  published: 'Reel publicado.',
  failed: 'O Reel não foi publicado.',
}

function ReelForm({ video, errors, values }: Props) {
  const input = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-sm'
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="_intent" value="agendar" />
      <FieldErrors id="video-error" errors={errors.video ?? errors.plan} />
      {/* Each account ticked is a publication of its own: Instagram, a Facebook Page (ADR 320). */}
      <Fieldset label="Contas" required errors={errors.account_ids} errorId="account-error">
        <div className="space-y-1">
          {video.accounts.map((account) => (
            <Checkbox
              key={account.id}
              name="account_ids"
              value={account.id}
              defaultChecked={(values?.account_ids ?? video.reelDefaults.account_ids).includes(String(account.id))}
            >
              {account.name}
            </Checkbox>
          ))}
        </div>
      </Fieldset>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="date" className="text-sm font-medium text-slate-800">
            Data
          </label>
          <input
            id="date"
            name="date"
            type="date"
            defaultValue={values?.date ?? video.reelDefaults.date}
            className={input}
          />
        </div>
        <div>
          <label htmlFor="time" className="text-sm font-medium text-slate-800">
            Hora
          </label>
          <input
            id="time"
            name="time"
            type="time"
            defaultValue={values?.time ?? video.reelDefaults.time}
            className={input}
          />
        </div>
      </div>
      <FieldErrors id="date-error" errors={errors.date} />
      <div>
        <label htmlFor="reel-caption" className="text-sm font-medium text-slate-800">
          Legenda do Reel
        </label>
        <textarea
          id="reel-caption"
          name="caption"
          rows={4}
          defaultValue={values?.caption ?? video.caption}
          className={input}
        />
        <FieldErrors id="caption-error" errors={errors.caption} />
      </div>
      <SubmitButton pendingText="Agendando…">Agendar</SubmitButton>
    </Form>
  )
}

export function VideoResult(props: Props) {
  const { video } = props
  return (
    <div className="mt-6 space-y-6">
      <video
        controls
        playsInline
        preload="metadata"
        poster={video.coverUrl}
        src={video.videoUrl}
        className="mx-auto aspect-[9/16] w-full max-w-xs rounded-xl bg-black"
      >
        {video.captionsUrl ? <track kind="captions" src={video.captionsUrl} srcLang="pt-BR" label="Português" /> : null}
      </video>
      <p className="text-center text-sm text-slate-600">
        {[video.duration, video.sizeMb ? `${video.sizeMb} MB` : null, '1080×1920'].filter(Boolean).join(' · ')}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href={`${video.videoUrl}?baixar`} download={video.fileName} className={buttonClass({ size: 'lg' })}>
          Baixar vídeo
        </a>
        <VideoShare url={video.videoUrl} name={video.fileName} caption={video.caption} />
      </div>
      <section>
        <h2 className="text-lg font-semibold text-slate-900">Legenda</h2>
        <textarea
          readOnly
          rows={4}
          value={video.caption}
          aria-label="Legenda"
          className="mt-2 w-full rounded-lg border border-slate-300 p-3 text-sm"
        />
        <CopyCaptionButton text={video.caption} />
      </section>
      <section>
        <h2 className="text-lg font-semibold text-slate-900">Agendar como Reel</h2>
        {video.preflight.length ? (
          <ul className="mt-2 list-disc pl-5 text-sm text-red-800">
            {video.preflight.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">Pronto para Reels: vertical 9:16, de 3 a 90 segundos.</p>
        )}
        {video.reel.status ? (
          <p role="status" className="mt-2 text-sm font-medium text-slate-900">
            {REEL_STATUS[video.reel.status]} {video.reel.error ?? ''}{' '}
            {video.reel.id ? (
              <a href={`/agendar-posts#publicacao-${video.reel.id}`} className="font-semibold text-brand-700 underline">
                Ver em Agendar posts
              </a>
            ) : null}
          </p>
        ) : null}
        {!video.maySchedule ? (
          <p className="mt-2 text-sm text-slate-600">{REEL_NOT_YOURS}</p>
        ) : !video.reel.status || video.reel.status === 'failed' ? (
          <ReelForm {...props} />
        ) : null}
      </section>
    </div>
  )
}
