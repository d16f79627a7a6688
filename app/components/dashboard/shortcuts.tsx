// The home page's shortcuts (ADR 215): every area of the product one tap away,
// each named by what the agent gets from it ("Importe seus imóveis do portal").
import { Link } from 'react-router'

type Shortcut = { to: string; title: string; text: string; icon: string }

// 24-px outline icons: one path each, drawn with the current colour.
const SHORTCUTS: Shortcut[] = [
  {
    to: '/imoveis/novo',
    title: 'Cadastrar imóvel',
    text: 'Fotos, valores e endereço em um só lugar.',
    icon: 'M3 10.5 12 3l9 7.5M5 9v11h14V9M10 20v-6h4v6',
  },
  {
    to: '/integracoes',
    title: 'Importe seus imóveis do portal',
    text: 'Traga sua carteira pelo feed do seu site ou CRM.',
    icon: 'M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3',
  },
  {
    to: '/modelos',
    title: 'Criar post',
    text: 'Escolha um modelo e gere imagens e legenda.',
    icon: 'M4 4h16v16H4zM4 15l5-5 4 4 2-2 5 5M15 8.5h.01',
  },
  {
    to: '/media-kits',
    title: 'Crie um media kit',
    text: 'Posts, stories e folheto de um imóvel de uma vez.',
    icon: 'M3 7h18v13H3zM8 7V4h8v3M3 12h18',
  },
  {
    to: '/modelos/historico',
    title: 'Meus posts',
    text: 'Reveja, edite e baixe o que você criou.',
    icon: 'M12 7v5l3 2M21 12a9 9 0 1 1-3-6.7M21 4v4h-4',
  },
  {
    to: '/assistente',
    title: 'Assistente',
    text: 'Mensagem de WhatsApp, objeções e plano de posts.',
    icon: 'M4 5h16v11H9l-5 4z',
  },
  {
    to: '/audio',
    title: 'Áudio',
    text: 'Narração do imóvel para Reels e Stories.',
    icon: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3',
  },
  {
    to: '/ambientes',
    title: 'Ambientes',
    text: 'Melhore fotos e experimente decorações.',
    icon: 'M4 18v-5a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v5M2 18h20M6 11V7a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4',
  },
]

export function Shortcuts() {
  return (
    <section aria-labelledby="atalhos" className="mt-8">
      <h2 id="atalhos" className="text-lg font-semibold text-slate-900">
        Atalhos
      </h2>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {SHORTCUTS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              prefetch="intent"
              className="flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="size-5 fill-none stroke-current stroke-[1.8]"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={item.icon} />
                </svg>
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{item.title}</span>
                <span className="mt-0.5 block text-sm text-slate-600">{item.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
