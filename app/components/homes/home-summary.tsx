// The top of a property's page: cover, deal, name, price, address and counts, with the actions
// (create a post, duplicate, delete), and the delete confirmation (?excluir) under it.
import { Form, Link } from 'react-router'
import type { HomeRecord as Home } from '~/domain/records'
import { Button, LinkButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { homeCategoryLabel, homeStatusLabel } from '~/domain/home'
import { coverOf, mediaSrc } from '~/domain/media'
import { cardPrice, cardPriceSuffix } from './home-card'
import { CreateKitButton } from '~/components/media-kits/create-kit'

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function addressLine(home: Home) {
  const street = home.street && `${home.street}${home.street_number ? `, ${home.street_number}` : ''}`
  return [street, home.neighborhood, `${home.city} - ${home.state}`].filter(Boolean).join(' · ')
}

export function HomeBreadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Trilha" className="text-sm text-slate-600">
      <Link to="/imoveis" className="inline-flex min-h-11 items-center hover:text-slate-900">
        Imóveis
      </Link>
      <span aria-hidden="true"> / </span>
      <span>{name}</span>
    </nav>
  )
}

export function HomeSummary({ home }: { home: Home }) {
  const cover = coverOf(home.gallery)
  return (
    <Card as="header" padding="sm" className="mt-4 flex flex-col gap-4 sm:flex-row">
      {cover ? (
        <img
          src={mediaSrc(cover, 400)}
          alt={cover.caption || home.name}
          width={400}
          height={300}
          fetchPriority="high"
          className="aspect-[4/3] w-full rounded-xl object-cover sm:w-56"
        />
      ) : null}
      <div className="flex-1">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {homeCategoryLabel(home.category)} · {homeStatusLabel(home.status)}
        </p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{home.name}</h1>
        <p className="mt-1 text-xl font-bold text-brand-700">
          {cardPrice(home)}
          {cardPriceSuffix(home) ? (
            <span className="text-sm font-normal text-slate-600">{cardPriceSuffix(home)}</span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">{addressLine(home)}</p>
        <p className="mt-1 text-sm text-slate-500">
          {count(home.gallery.length, 'foto', 'fotos')} · {count(home.floor_plans.length, 'planta', 'plantas')}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <LinkButton to={`/modelos?imovel=${home.id}`} variant="secondary" size="sm">
            Criar post
          </LinkButton>
          <CreateKitButton homeId={home.id} />
          <LinkButton to={`/imoveis/${home.id}/video`} variant="secondary" size="sm">
            Vídeo do imóvel
          </LinkButton>
          <LinkButton to={`/imoveis/${home.id}/stories`} variant="secondary" size="sm">
            Sequência de Stories
          </LinkButton>
          <Form method="post" encType="multipart/form-data">
            <Button name="intent" value="duplicate" variant="secondary" size="sm">
              Duplicar
            </Button>
          </Form>
          <LinkButton to="?excluir" variant="danger-outline" size="sm" preventScrollReset>
            Excluir
          </LinkButton>
        </div>
      </div>
    </Card>
  )
}

export function ConfirmDeleteHome({ home }: { home: Home }) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="excluir-titulo"
      aria-describedby="excluir-texto"
      className="mt-4 rounded-2xl border border-red-200 bg-red-50 p-5"
    >
      <h2 id="excluir-titulo" className="font-semibold text-red-900">
        Excluir este imóvel?
      </h2>
      <p id="excluir-texto" className="mt-1 text-sm text-red-900">
        “{home.name}” e suas {home.gallery.length + home.floor_plans.length} imagens serão apagados. Não dá para
        desfazer.
      </p>
      <div className="mt-4 flex gap-2">
        <Form method="post" encType="multipart/form-data">
          <Button name="intent" value="delete" variant="danger">
            Excluir definitivamente
          </Button>
        </Form>
        <LinkButton to="." variant="secondary" size="sm">
          Cancelar
        </LinkButton>
      </div>
    </section>
  )
}
