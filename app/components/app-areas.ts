// The product's areas as the header offers them (ADR 215): every area of the map
// reachable from the interface, grouped the way an agent works, with the current one marked.

export type Area = { to: string; label: string }

export type AreaGroup = { title: string; areas: Area[] }

export const AREA_GROUPS: AreaGroup[] = [
  {
    title: 'Criar',
    areas: [
      { to: '/imoveis', label: 'Imóveis' },
      { to: '/modelos', label: 'Modelos' },
      { to: '/modelos/historico', label: 'Histórico' },
      { to: '/media-kits', label: 'Media kits' },
    ],
  },
  {
    title: 'Publicar',
    areas: [
      { to: '/mes-pronto', label: 'Mês pronto' },
      { to: '/aprovacoes', label: 'Aprovações' },
      { to: '/agendar-posts', label: 'Agendar posts' },
      { to: '/integracoes', label: 'Integrações' },
      { to: '/leads', label: 'Leads' },
    ],
  },
  {
    title: 'Ferramentas de IA',
    areas: [
      { to: '/assistente', label: 'Assistente' },
      { to: '/audio', label: 'Áudio' },
      { to: '/ambientes', label: 'Ambientes' },
    ],
  },
]

/** On a laptop these stand in the header; the rest sit under "Mais". */
export const HEADER_AREAS = [
  '/imoveis',
  '/modelos',
  '/mes-pronto',
  '/modelos/historico',
  '/agendar-posts',
  '/media-kits',
]

export const ACCOUNT_AREA: Area = { to: '/minha-conta/perfil', label: 'Minha conta' }
export const ADMIN_AREA: Area = { to: '/admin', label: 'Admin' }

const ALL = [...AREA_GROUPS.flatMap((group) => group.areas), ADMIN_AREA]

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`)

/**
 * The area a page belongs to (its link's `to`), or null (the home page, the brand step): the
 * longest area path the page lies under, so /modelos/historico is "Histórico", not "Modelos".
 * The account's pages and its plan pages belong to "Minha conta".
 */
export function currentArea(pathname: string): string | null {
  if (within(pathname, '/minha-conta') || within(pathname, '/plano')) return ACCOUNT_AREA.to
  const matches = ALL.filter((area) => within(pathname, area.to))
  return matches.sort((a, b) => b.to.length - a.to.length)[0]?.to ?? null
}
