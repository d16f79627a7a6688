// The frames of a property's "Sequência de Stories" as a strip of 9:16 previews, each one a link
// to its own image (the agent saves it on the phone), and what to do with them.
import { Form } from 'react-router'
import { LinkButton, SubmitButton } from '~/components/ui/button'

export type StoryFrameView = { label: string; src: string }

export function StoryFrames({ frames }: { frames: StoryFrameView[] }) {
  return (
    <ol className="flex snap-x gap-3 overflow-x-auto pb-2" aria-label="Quadros da sequência">
      {frames.map((frame, i) => (
        <li key={frame.src} className="w-36 shrink-0 snap-start text-center text-xs text-slate-600">
          <a href={frame.src} download={`story-${i + 1}.jpg`} className="block">
            <img
              src={frame.src}
              alt={`Quadro ${i + 1}: ${frame.label}`}
              width={144}
              height={256}
              loading="lazy"
              className="aspect-[9/16] w-36 rounded-lg border border-slate-200 object-cover"
            />
            <span className="mt-1 block truncate">
              {i + 1}. {frame.label}
            </span>
          </a>
        </li>
      ))}
    </ol>
  )
}

export function StorySequenceActions(props: { zip: string; schedule: string | null; post: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      {props.schedule ? <LinkButton to={props.schedule}>Agendar como Stories</LinkButton> : null}
      <LinkButton to={props.zip} reloadDocument variant="secondary">
        Baixar quadros (.zip)
      </LinkButton>
      <LinkButton to={props.post} variant="secondary">
        Ver e editar
      </LinkButton>
    </div>
  )
}

export function CreateSequenceForm({ again }: { again: boolean }) {
  return (
    <Form method="post">
      <SubmitButton pendingText="Montando a sequência…" variant={again ? 'secondary' : 'primary'}>
        {again ? 'Montar de novo' : 'Montar sequência'}
      </SubmitButton>
    </Form>
  )
}
