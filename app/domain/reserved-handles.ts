// The public addresses a handle may not take: every first path segment of the route
// table (app/routes.ts), the server's own paths, and words that would mislead a visitor.
// reserved-handles.test.ts reads the route table and fails when a first segment is missing here,
// so a new route can never collide with an agent's handle. Pure.

/** First path segments of app/routes.ts (a file's name without its extension). */
export const ROUTE_SEGMENTS = [
  'login',
  'confirm',
  'registrar',
  'experimentar',
  'dados-fiscais',
  'definir-senha',
  'termos-de-uso',
  'politica-de-privacidade',
  'posts',
  'esqueci-a-senha',
  'redefinir-senha',
  'aprovar',
  'convite',
  'dev',
  'c',
  'r',
  'l',
  'sitemap',
  'robots',
  'manifest',
  'compartilhar',
  'assistente',
  'media-kits',
  'salvar-trabalho',
  'boas-vindas',
  'audio',
  'integracoes',
  'imoveis',
  'videos',
  'modelos',
  'plano',
  'ambientes',
  'aprovacoes',
  'mes-pronto',
  'aprovar-mes',
  'leads',
  'minha-conta',
  'agendar-posts',
  'admin',
  'logout',
  'auth',
  'api',
  'consentimento',
  'uploads',
  'imagens',
] as const

/** Paths the HTTP server answers before the router (server.ts), and build and public folders. */
export const SERVER_SEGMENTS = ['healthz', 'assets', 'amostras', 'favicon', 'offline', 'sw', 'workbox', 'static']

/** Words that would pass for the product or its staff, or for a page it may have one day. */
export const SYSTEM_WORDS = [
  'administrador',
  'app',
  'conta',
  'suporte',
  'ajuda',
  'vitrine',
  'www',
  'oficial',
  'contato',
  'novo',
  'editar',
  'configuracoes',
  'entrar',
  'sair',
  'cadastro',
  'planos',
  'precos',
  'blog',
  'status',
  'seguranca',
  'privacidade',
  'equipe',
  'marca',
  'perfil',
  'anuncios',
  'busca',
  'buscar',
  'root',
  'null',
  'undefined',
]

export const RESERVED_HANDLES: ReadonlySet<string> = new Set<string>([
  ...ROUTE_SEGMENTS,
  ...SERVER_SEGMENTS,
  ...SYSTEM_WORDS,
])

/** The handle a first path segment would take: its name without a file extension. */
export function handleOfSegment(segment: string): string {
  return segment.replace(/\..*$/, '').toLowerCase()
}
