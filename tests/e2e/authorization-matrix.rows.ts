// THE AUTHORIZATION MATRIX (ADR 142): one row per route of app/routes.ts, what each kind of
// visitor gets from GET and from a POST. authorization-matrix.spec.ts fails when a route has no
// row here (and when a row names no route): whoever adds a route adds its row.
//
//   anonymous  no session            other  a signed-in user who owns nothing of the fixtures
//   owner      the fixtures' owner   admin  the seeded admin (role admin), owns nothing either
//
// Expected answers: a status (200, 400, 403, 404, 405…), 'login' (302 to /login?redirectTo=…),
// '→/path' (a redirect to that path, query ignored), or a list of acceptable answers.
// `url` fills the pattern from the fixtures; `post` says what the POST sends (an empty form
// unless `body` is given); `get: null` / no `post` for a route without them.

export type Expected = number | 'login' | `→${string}` | Expected[]
/** gestor and corretor are members of the owner's agency (ADR 218): where a row does not name
 * them, they get what the owner gets (the agency's data is theirs to read and work on). */
export type Roles<T> = { anonymous: T; other: T; owner: T; admin: T; gestor?: T; corretor?: T }
export const ROLES = ['anonymous', 'other', 'owner', 'admin', 'gestor', 'corretor'] as const
export const expectedOf = (roles: Roles<Expected>, role: (typeof ROLES)[number]): Expected => roles[role] ?? roles.owner
/** What a role of the agency may not do: 403. */
const members = (gestor: Expected, corretor: Expected) => ({ gestor, corretor })
/** What the test makes before the rows run: the owner's property, photo, post. */
export type Fixtures = {
  homeId: number
  postId: number
  publicId: string
  templateId: number
  uploadKey: string
  /** The owner's public page (ADR 223) and the property's address on it. */
  handle: string
  listingPath: string
}
export type Row = {
  url?: (f: Fixtures) => string
  get: Roles<Expected> | null
  post?: Roles<Expected> & { body?: (f: Fixtures) => Record<string, string> }
}

const all = (expected: Expected): Roles<Expected> => ({
  anonymous: expected,
  other: expected,
  owner: expected,
  admin: expected,
})
/** Pages of the default layout: sign-in first, then the same for every signed-in person. */
const signedIn = (expected: Expected): Roles<Expected> => ({
  anonymous: 'login',
  other: expected,
  owner: expected,
  admin: expected,
})
/** Owner-only records: another person (admin included) gets 404, as if it did not exist. */
const ownerOnly = (owner: Expected): Roles<Expected> => ({ anonymous: 'login', other: 404, owner, admin: 404 })
const adminOnly = (admin: Expected): Roles<Expected> => ({ anonymous: 'login', other: 403, owner: 403, admin })
/** Pages for people not signed in: a signed-in person is sent home. */
const guestOnly = (anonymous: Expected): Roles<Expected> => ({ anonymous, other: '→/', owner: '→/', admin: '→/' })

export const AUTHORIZATION_MATRIX: Record<string, Row> = {
  // Guest layout
  '/login': { get: guestOnly(200), post: guestOnly(400) },
  '/login/codigo': { get: guestOnly(200), post: guestOnly(400) },
  '/login/verificacao': { get: { ...guestOnly('→/login') }, post: guestOnly('→/login') },
  '/confirm': { get: all('→/login') },
  '/registrar': { get: guestOnly(200), post: guestOnly(400) },
  // "Experimente sem cadastro" (ADR 269): signed out, a POST starts a trial and opens the templates.
  '/experimentar': { get: guestOnly(200), post: guestOnly('→/modelos') },
  // Guest routes (no sign-in asked): signed out, a page that says how to go on (ADR 215); a POST goes back to it.
  // The owner's CPF or CNPJ is the payer's (POLICY 'billing'): a gestor or corretor gets 403, page and form.
  '/dados-fiscais': {
    get: { ...all(200), ...members(403, 403) },
    post: { ...signedIn(400), anonymous: '→/dados-fiscais', ...members(403, 403) },
  },
  '/definir-senha': { get: all(200), post: { ...signedIn(400), anonymous: '→/definir-senha' } },
  '/termos-de-uso': { get: all(200) },
  '/politica-de-privacidade': { get: all(200) },
  '/posts/:postId': { url: (f) => `/posts/${f.publicId}`, get: all(200) },
  '/esqueci-a-senha': { get: all(200), post: all(400) },
  '/redefinir-senha': {
    get: { ...signedIn(200), anonymous: '→/esqueci-a-senha' },
    post: { ...signedIn(400), anonymous: '→/esqueci-a-senha' },
  },
  // The e2e server runs with DEV_MAILBOX=true: production shows it to admins only (ADR 210);
  // without DEV_MAILBOX it answers 404.
  '/dev/emails': { get: adminOnly(200) },

  // Public, no layout
  '/assistente': { get: all(200), post: all(200) },
  '/assistente/mensagens': { get: all(405), post: all(200) },
  '/media-kits/:id/maker': { url: () => '/media-kits/AAAAAAAAAAAAAAAAAAAAAA/maker', get: all(404) },

  // Default layout (signed in)
  '/': { get: signedIn(200) },
  // "Salvar meu trabalho" (ADR 269): only a visitor on trial has work to save; an account goes home.
  '/salvar-trabalho': { get: signedIn('→/'), post: signedIn('→/') },
  '/boas-vindas': { get: signedIn(200), post: { ...signedIn([400, '→/']), ...members([400, '→/'], 403) } },
  '/audio': { get: signedIn(200), post: signedIn(400) },
  '/integracoes': { get: signedIn(200), post: { ...signedIn(400), ...members(400, 403) } },
  '/imoveis': { get: signedIn(200) },
  '/imoveis/novo': { get: signedIn(200), post: signedIn(400) },
  // The owner is responsible for the property: a corretor of the agency reads it, may not change it.
  '/imoveis/:id': {
    url: (f) => `/imoveis/${f.homeId}`,
    get: ownerOnly(200),
    post: { ...ownerOnly(400), ...members(400, 403) },
  },
  '/imoveis/fotos': { get: signedIn(405), post: signedIn(400) },
  // Property videos (ADR 221): the options form is the property's; a video is its owner's.
  '/imoveis/:id/video': { url: (f) => `/imoveis/${f.homeId}/video`, get: ownerOnly(200), post: ownerOnly(400) },
  // The property's "Sequência de Stories" (ADR 291): made (303 back to the page) and read by whoever
  // may read the property.
  '/imoveis/:id/stories': { url: (f) => `/imoveis/${f.homeId}/stories`, get: ownerOnly(200), post: ownerOnly(303) },
  // The property's "Documentação" (issue 65): read by the account, changed by who may edit the property.
  '/imoveis/:id/documentacao': {
    url: (f) => `/imoveis/${f.homeId}/documentacao`,
    get: ownerOnly(200),
    post: { ...ownerOnly(400), ...members(400, 403) },
  },
  '/videos/:id': { url: () => '/videos/999999', get: signedIn(404), post: signedIn(404) },
  '/videos/:id/:file': { url: () => '/videos/999999/video.mp4', get: signedIn(404) },
  // Offline, ViaCEP is unreachable: 503 with the fields left for typing.
  '/imoveis/cep/:cep': { url: () => '/imoveis/cep/01310100', get: signedIn([200, 503]) },
  '/modelos': { get: signedIn(200) },
  '/modelos/historico': {
    get: signedIn(200),
    post: { ...ownerOnly([302, 303]), body: (f) => ({ intent: 'duplicate', post: String(f.postId) }) },
  },
  '/modelos/:id': {
    url: (f) => `/modelos/${f.templateId}?post=${f.postId}`,
    get: ownerOnly(200),
    post: { ...ownerOnly(400), ...members(400, 403), body: (f) => ({ _intent: 'save', _post: String(f.postId) }) },
  },
  // A template's picture from the owner's property: another person's property is 404.
  '/modelos/:id/previa.webp': {
    url: (f) => `/modelos/${f.templateId}/previa.webp?imovel=${f.homeId}`,
    get: ownerOnly(200),
  },
  // The "Capa" picker's thumbnail: the owner's post in another cover composition.
  '/modelos/capas/:postId/:composition': {
    url: (f) => `/modelos/capas/${f.postId}/magazine`,
    get: ownerOnly(200),
  },
  '/plano/sucesso': { get: signedIn(200) },
  '/plano/cancelado': { get: signedIn(200) },
  '/plano/contratar': { get: signedIn(200), post: { ...signedIn(400), ...members(403, 403) } },
  '/plano/pagamento-demo': {
    get: signedIn('→/plano/contratar'),
    post: { ...signedIn('→/plano/contratar'), ...members(403, 403) },
  },
  '/plano/portal-demo': { get: signedIn(200), post: { ...signedIn('→/plano/portal-demo'), ...members(403, 403) } },
  '/media-kits': { get: signedIn(200), post: signedIn(400) },
  '/media-kits/:id': { url: () => '/media-kits/999999', get: signedIn(404), post: signedIn(404) },
  '/ambientes': { get: signedIn(200), post: signedIn(404) },
  '/minha-conta/seguranca': { get: signedIn(200), post: signedIn(400) },
  '/minha-conta/plano': { get: signedIn(200) },
  '/minha-conta/*': { url: () => '/minha-conta/nao-existe', get: signedIn(404), post: signedIn(404) },
  '/agendar-posts': { get: signedIn(200), post: signedIn([400, 404]) },
  '/agendar-posts/agendamento': { get: signedIn(200), post: signedIn([400, 404]) },
  '/agendar-posts/editar-imagem': { get: signedIn([200, 404]), post: signedIn([400, 404]) },
  '/agendar-posts/editar-legenda': { get: signedIn([200, 404]), post: signedIn([400, 404]) },

  // Admin section
  '/admin': { get: adminOnly(200) },
  '/admin/templates': { get: adminOnly(200), post: adminOnly([400, 404]) },
  '/admin/usuarios': { get: adminOnly(200) },
  '/admin/usuarios/:id': { url: () => '/admin/usuarios/1', get: adminOnly([200, 404]), post: adminOnly([400, 404]) },

  // Sign-out (run last, on sessions of its own) and the auth API (bearer tokens, not cookies)
  // GET never signs out (a link or a prefetch could); POST does.
  // Added with scheduling, feeds, media kits, the account area and the admin editor.
  '/media-kits/:id/maker/:file': { url: () => '/media-kits/AAAAAAAAAAAAAAAAAAAAAA/maker/foto-1', get: all(404) },
  '/integracoes/meta/conectar': { get: { ...signedIn(['→/integracoes', 404]), corretor: 403 } },
  '/integracoes/meta/retorno': { get: { ...signedIn(['→/integracoes', 400, 404]), corretor: 403 } },
  '/integracoes/saida': { get: signedIn(200) },
  '/integracoes/saida/:publicationId/:file': { url: () => '/integracoes/saida/999999/01.jpg', get: signedIn(404) },
  '/integracoes/feeds/:id': {
    url: () => '/integracoes/feeds/999999',
    get: signedIn(404),
    post: { ...signedIn(404), corretor: 403 },
  },
  '/minha-conta': { get: signedIn('→/minha-conta/perfil') },
  '/minha-conta/perfil': { get: signedIn(200), post: signedIn(400) },
  '/minha-conta/marca': { get: signedIn(200), post: { ...signedIn([400, '→/minha-conta/marca']), corretor: 403 } },
  '/minha-conta/dados-fiscais': {
    get: { ...signedIn(200), ...members(403, 403) },
    post: { ...signedIn(400), ...members(403, 403) },
  },
  '/minha-conta/privacidade': { get: signedIn(200), post: signedIn(400) },
  '/minha-conta/marca/previa': { get: signedIn([200, 404]), post: { ...signedIn(400), corretor: 403 } },
  '/minha-conta/privacidade/exportar': { get: signedIn(200), post: signedIn(405) },
  '/admin/templates/novo': { get: adminOnly(200), post: adminOnly(400) },
  '/admin/templates/:id': { url: (f) => `/admin/templates/${f.templateId}`, get: adminOnly(200), post: adminOnly(400) },
  '/agendar-posts/midia/:publicationId/:file': { url: () => '/agendar-posts/midia/999999/0', get: all([403, 404]) },

  '/logout': { get: all('→/'), post: { anonymous: '→/login', other: '→/login', owner: '→/login', admin: '→/login' } },
  '/auth/v1/*': { url: () => '/auth/v1/user', get: all(401), post: all(405) },

  // Billing resource routes
  '/api/prices': { get: all(200) },
  // GET as the product's API is called, POST from the plan cards: the same answer (no lookupKey: 400).
  '/api/checkout': {
    get: { ...signedIn(400), anonymous: 401, ...members(403, 403) },
    post: { ...signedIn(400), anonymous: 401, ...members(403, 403) },
  },
  '/api/customer-portal': { get: { ...signedIn(200), anonymous: 401, ...members(403, 403) } },
  '/api/stripe/webhook': { get: all(405), post: all(400) },

  '/consentimento': { get: all('→/politica-de-privacidade'), post: all('→/') },
  // Stored files: the owner only; anyone else 404 (signed links are tested in ADR 021's tests).
  // The agency's members read its files.
  '/uploads/*': { url: (f) => `/uploads/${f.uploadKey}`, get: { anonymous: 404, other: 404, owner: 200, admin: 404 } },
  '/imagens/post/:postId': { url: (f) => `/imagens/post/${f.publicId}`, get: all(200) },
  '/posts/:postId/baixar': { url: (f) => `/posts/${f.publicId}/baixar`, get: all(200) },
  '/posts/:postId/carrossel': { url: (f) => `/posts/${f.publicId}/carrossel`, get: all(200) },
  // The public pages (ADR 223), the same for everyone: the owner's property by its address (an
  // empty lead form is a 400);
  // an unknown code is 404; the sitemap is public; the leads are the signed-in person's own.
  '/c/:handle': { url: (f) => `/c/${f.handle}`, get: all(200) },
  '/c/:handle/capa.jpg': { url: (f) => `/c/${f.handle}/capa.jpg`, get: all(200) },
  '/c/:handle/:slug': { url: (f) => f.listingPath, get: all(200), post: all(400) },
  '/c/:handle/:slug/capa.jpg': { url: (f) => `${f.listingPath}/capa.jpg`, get: all(200) },
  '/r/:code': { url: () => '/r/naoexiste', get: all(404) },
  '/l/:code': { url: () => '/l/naoexiste', get: all(404) },
  '/sitemap.xml': { get: all(200) },
  '/robots.txt': { get: all(200) },
  // The installed app (ADR 256): its manifest, and its share target, open to all (the phone's
  // share sheet may post without the session); the shared files wait for "Novo imóvel".
  '/manifest.webmanifest': { get: all(200) },
  '/compartilhar': { get: all(405), post: signedIn('→/imoveis/novo') },
  '/leads': { get: signedIn(200), post: signedIn(400) },
  '/leads/exportar.csv': { get: signedIn(200) },
  // A lead (LGPD, ADR 321): an id of no one's is 404 to everyone signed in, page and deletion.
  '/leads/:id': { url: () => '/leads/2147483000', get: signedIn(404), post: signedIn(404) },
  '/*': { url: () => '/nao-existe', get: all(404), post: all(404) },

  // Agencies (ADR 218): the team page (its changes are the owner's), approvals, the links.
  '/minha-conta/equipe': { get: signedIn(200), post: { ...signedIn(400), ...members(403, 403) } },
  '/aprovacoes': { get: signedIn(200) },
  // "Aprovar" is a gestor's (and the owner's); the corretor may not; anyone else: no such post.
  '/aprovacoes/:id': {
    url: (f) => `/aprovacoes/${f.postId}`,
    get: ownerOnly(200),
    post: { ...ownerOnly([302, 303]), ...members([302, 303], 403), body: () => ({ intent: 'approve' }) },
  },
  '/aprovar/:token': { url: () => `/aprovar/${'A'.repeat(43)}`, get: all(404), post: all(404) },
  // "Mês pronto" (ADR 283): the form (an empty one is refused beside its fields), a month, an owner's link.
  '/mes-pronto': { get: signedIn(200), post: signedIn(400) },
  '/mes-pronto/:id': { url: () => '/mes-pronto/999999', get: signedIn(404), post: signedIn(404) },
  '/aprovar-mes/:token': { url: () => `/aprovar-mes/${'A'.repeat(43)}`, get: all(404), post: all(404) },
  '/convite/:token': { url: () => `/convite/${'A'.repeat(43)}`, get: all(404), post: all(404) },
}

/**
 * One policy (ADR 236, 260): what each role may do to ONE piece that another member made (a gestor's media kit
 * and video, a lead of the owner's property). The test makes the piece with `maker`, then every
 * role tries `request` in PIECE_ORDER (those expected to succeed last); a piece that a try
 * deleted (`consumes`) is made anew for the next role. `shows`: whether the answer's body names the piece
 * (its marker), for reads whose status is the same for everyone.
 */
export type PieceKind = 'kit' | 'video' | 'lead'
export type Piece = { id: number; marker: string }
export type PieceAction = {
  /** The route of the matrix this action belongs to. */
  route: string
  what: string
  piece: PieceKind
  maker: 'owner' | 'gestor'
  request: (piece: Piece) => { url: string; body?: Record<string, string> }
  expected: Roles<Expected>
  shows?: Roles<boolean>
  /** The try deletes the piece: the next role gets a new one. */
  consumes?: boolean
}
export const PIECE_ORDER = ['anonymous', 'other', 'admin', 'corretor', 'gestor', 'owner'] as const
/** Another account's piece is 404; the owner's agency: the gestor and the owner may, the corretor 403. */
const agencyOnly = (allowed: Expected, corretor: Expected): Roles<Expected> => ({
  anonymous: 'login',
  other: 404,
  admin: 404,
  owner: allowed,
  gestor: allowed,
  corretor,
})

export const PIECE_ACTIONS: PieceAction[] = [
  {
    route: '/media-kits/:id',
    what: "deleting a gestor's media kit",
    piece: 'kit',
    maker: 'gestor',
    request: (kit) => ({ url: `/media-kits/${kit.id}`, body: { _intent: 'excluir' } }),
    expected: agencyOnly('→/media-kits', 403),
    consumes: true,
  },
  {
    route: '/media-kits/:id',
    what: "changing a gestor's media kit",
    piece: 'kit',
    maker: 'gestor',
    request: (kit) => ({ url: `/media-kits/${kit.id}`, body: { _intent: 'telefone' } }),
    expected: agencyOnly([302, 303], 403),
  },
  {
    route: '/videos/:id',
    what: "deleting a gestor's video",
    piece: 'video',
    maker: 'gestor',
    request: (video) => ({ url: `/videos/${video.id}`, body: { _intent: 'excluir' } }),
    expected: agencyOnly([302, 303], 403),
    consumes: true,
  },
  {
    route: '/leads',
    what: "reading the leads of the owner's property",
    piece: 'lead',
    maker: 'owner',
    request: () => ({ url: '/leads' }),
    expected: signedIn(200),
    shows: { anonymous: false, other: false, admin: false, owner: true, gestor: true, corretor: false },
  },
  {
    route: '/leads',
    what: "changing a lead of the owner's property",
    piece: 'lead',
    maker: 'owner',
    request: (lead) => ({ url: '/leads', body: { id: String(lead.id), status: 'em_contato', note: 'Liguei' } }),
    expected: agencyOnly([302, 303], 403),
  },
  {
    route: '/leads/:id',
    what: "the page of a lead of the owner's property",
    piece: 'lead',
    maker: 'owner',
    request: (lead) => ({ url: `/leads/${lead.id}` }),
    expected: agencyOnly(200, 403),
  },
  {
    route: '/leads/:id',
    what: "deleting a lead of the owner's property",
    piece: 'lead',
    maker: 'owner',
    request: (lead) => ({ url: `/leads/${lead.id}`, body: { confirm: 'on' } }),
    expected: agencyOnly([302, 303], 403),
    consumes: true,
  },
  {
    route: '/leads/exportar.csv',
    what: "the CSV with the leads of the owner's property",
    piece: 'lead',
    maker: 'owner',
    request: () => ({ url: '/leads/exportar.csv' }),
    expected: signedIn(200),
    shows: { anonymous: false, other: false, admin: false, owner: true, gestor: true, corretor: false },
  },
]
