// The product's map one line per route, grouped by layout.
import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

export default [
  // Guest layout: no authentication required.
  layout('routes/_guest.tsx', [
    route('login', 'routes/auth/login.tsx'),
    route('login/verificacao', 'routes/auth/login-2fa.tsx'),
    route('login/codigo', 'routes/auth/login-code.tsx'),
    route('confirm', 'routes/auth/confirm.tsx'),
    route('registrar', 'routes/auth/register.tsx'),
    // "Experimente sem cadastro" (ADR 269): an anonymous session with a sample property.
    route('experimentar', 'routes/auth/trial.tsx'),
    route('dados-fiscais', 'routes/billing/fiscal-data.tsx'),
    route('definir-senha', 'routes/auth/set-password.tsx'),
    route('termos-de-uso', 'routes/legal/terms-of-use.tsx'),
    route('politica-de-privacidade', 'routes/legal/privacy-policy.tsx'),
    route('posts/:postId', 'routes/posts/view.tsx'),
    route('esqueci-a-senha', 'routes/auth/forgot-password.tsx'),
    route('redefinir-senha', 'routes/auth/reset-password.tsx'),
    // Agencies (ADR 218): the client's approval link and the team invite link, no account needed.
    route('aprovar/:token', 'routes/approvals/client.tsx'),
    // "Mês pronto" (ADR 283): a property owner's one link to their property's pieces of the month.
    route('aprovar-mes/:token', 'routes/month/client.tsx'),
    route('convite/:token', 'routes/team/invite.tsx'),
    // The dev mailbox (404 in production unless DEV_MAILBOX=true).
    route('dev/emails', 'routes/auth/dev-emails.tsx'),
    // The agent's public page and a property's public page (ADR 223): no JavaScript.
    route('c/:handle', 'routes/public/agent-page.tsx'),
    route('c/:handle/:slug', 'routes/public/listing.tsx'),
  ]),

  // Resource routes of the public pages (ADR 223, 224): the share images (the agent's, a listing's),
  // the tracked contact (to WhatsApp or the phone), a caption's short link, the sitemap.
  route('c/:handle/capa.jpg', 'routes/public/agent-cover.ts'),
  route('c/:handle/:slug/capa.jpg', 'routes/public/listing-cover.ts'),
  route('r/:code', 'routes/public/contact.ts'),
  route('l/:code', 'routes/public/caption-link.ts'),
  route('sitemap.xml', 'routes/public/sitemap.ts'),
  route('robots.txt', 'routes/public/robots.ts'),

  // The installable app (ADR 256): its manifest, and its share target (photos from the phone's
  // share sheet, kept while a signed-out agent signs in).
  route('manifest.webmanifest', 'routes/pwa/manifest.ts'),
  route('compartilhar', 'routes/pwa/share.ts'),

  // Public, with no declared layout or middleware.
  route('assistente', 'routes/assistant/index.tsx'),
  // Resource route: the assistant's answer streamed to the page's JavaScript (POST).
  route('assistente/mensagens', 'routes/assistant/stream.ts'),
  route('media-kits/:id/maker', 'routes/media-kits/maker.tsx'),
  // Resource route: a media kit's files by its public id (pieces, photos by public name, the zip).
  route('media-kits/:id/maker/:file', 'routes/media-kits/maker-file.ts'),

  // Default layout: requires a signed-in user.
  layout('routes/_app.tsx', [
    index('routes/dashboard.tsx'),
    // "Salvar meu trabalho" (ADR 269): the anonymous visitor becomes an account, keeping their work.
    route('salvar-trabalho', 'routes/auth/save-work.tsx'),
    // The short brand step after sign-up (ADR 181).
    route('boas-vindas', 'routes/onboarding/brand.tsx'),
    route('audio', 'routes/audio/index.tsx'),
    route('integracoes', 'routes/integrations/index.tsx'),
    // Social accounts (ADR 100): Instagram Login's start and return, the local outbox.
    route('integracoes/meta/conectar', 'routes/integrations/meta-connect.ts'),
    route('integracoes/meta/retorno', 'routes/integrations/meta-callback.ts'),
    route('integracoes/saida', 'routes/integrations/outbox.tsx'),
    route('integracoes/saida/:publicationId/:file', 'routes/integrations/outbox-file.ts'),
    route('integracoes/feeds/:id', 'routes/integrations/feed-report.tsx'),
    ...prefix('imoveis', [
      index('routes/homes/list.tsx'),
      route('novo', 'routes/homes/new.tsx'),
      route(':id', 'routes/homes/edit.tsx'),
      // Resource routes of the property form's JavaScript: one-file upload, CEP lookup.
      route('fotos', 'routes/homes/photos.ts'),
      route('cep/:cep', 'routes/homes/cep.ts'),
      // "Vídeo do imóvel" (ADR 220): the options, then the video's own page.
      route(':id/video', 'routes/videos/new.tsx'),
      // "Sequência de Stories" (issue 63): the property in 3–6 Story frames.
      route(':id/stories', 'routes/homes/stories.tsx'),
      route(':id/documentacao', 'routes/homes/documentation.tsx'),
    ]),
    route('videos/:id', 'routes/videos/view.tsx'),
    // Resource route: the owner's video file and its cover (video.mp4, capa.jpg).
    route('videos/:id/:file', 'routes/videos/file.ts'),
    ...prefix('modelos', [
      route('', 'routes/templates/index.tsx'),
      route('historico', 'routes/templates/history.tsx'),
      // Resource route: the "Capa" picker's thumbnail of the agent's post in another composition.
      route('capas/:postId/:composition', 'routes/templates/cover-option.ts'),
      route(':id', 'routes/templates/template.tsx'),
      // Resource route: a template's picture on /modelos (WebP), from the agent's property or a sample.
      route(':id/previa.webp', 'routes/templates/preview.ts'),
    ]),
    ...prefix('plano', [
      route('sucesso', 'routes/billing/success.tsx'),
      route('cancelado', 'routes/billing/cancelled.tsx'),
      route('contratar', 'routes/billing/subscribe.tsx'),
      // The embedded default's payment page and portal (404 when Stripe is configured).
      route('pagamento-demo', 'routes/billing/demo-payment.tsx'),
      route('portal-demo', 'routes/billing/demo-portal.tsx'),
    ]),
    ...prefix('media-kits', [route('', 'routes/media-kits/index.tsx'), route(':id', 'routes/media-kits/kit.tsx')]),
    route('ambientes', 'routes/rooms/index.tsx'),
    // Approval before publication (ADR 218): what waits, and one post's review.
    route('aprovacoes', 'routes/approvals/index.tsx'),
    route('aprovacoes/:id', 'routes/approvals/review.tsx'),
    // "Mês pronto" (ADR 283): the month's plan (period, rhythm, properties), then its review.
    route('mes-pronto', 'routes/month/index.tsx'),
    route('mes-pronto/:id', 'routes/month/plan.tsx'),
    // The leads of the listing pages (ADR 225) and their CSV.
    route('leads', 'routes/leads/index.tsx'),
    route('leads/exportar.csv', 'routes/leads/export.ts'),
    route('leads/:id', 'routes/leads/lead.tsx'),
    // The account area: one section per slug under a shared navigation; any other slug is 404.
    route('minha-conta', 'routes/account/layout.tsx', [
      index('routes/account/index.ts'),
      route('perfil', 'routes/account/profile.tsx'),
      route('seguranca', 'routes/auth/account-security.tsx'),
      route('plano', 'routes/billing/plan.tsx'),
      route('equipe', 'routes/account/team.tsx'),
      route('marca', 'routes/account/brand.tsx'),
      route('dados-fiscais', 'routes/billing/fiscal-data.tsx', { id: 'minha-conta-dados-fiscais' }),
      route('privacidade', 'routes/account/privacy.tsx'),
      route('*', 'routes/not-found.tsx', { id: 'minha-conta-not-found' }),
    ]),
    // Resource routes of the account area: the brand's live preview (PNG), the data export (zip).
    route('minha-conta/marca/previa', 'routes/account/brand-preview.ts'),
    route('minha-conta/privacidade/exportar', 'routes/account/export.ts'),
    ...prefix('agendar-posts', [
      index('routes/scheduling/index.tsx'),
      route('agendamento', 'routes/scheduling/schedule.tsx'),
      route('editar-imagem', 'routes/scheduling/edit-image.tsx'),
      route('editar-legenda', 'routes/scheduling/edit-caption.tsx'),
    ]),
  ]),

  // Admin section: requires a signed-in admin.
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.tsx'),
    route('templates', 'routes/admin/templates.tsx'),
    route('templates/novo', 'routes/admin/template-new.tsx'),
    route('templates/:id', 'routes/admin/template-edit.tsx'),
    route('usuarios', 'routes/admin/users.tsx'),
    route('usuarios/:id', 'routes/admin/user.tsx'),
  ]),

  // Sign-out (POST) and the built-in auth API (Supabase Auth wire format).
  route('logout', 'routes/auth/logout.ts'),
  route('auth/v1/*', 'routes/auth/api.ts'),

  // Resource routes of billing: prices, checkout, customer portal; Stripe's webhook.
  route('api/prices', 'routes/billing/api.prices.ts'),
  route('api/checkout', 'routes/billing/api.checkout.ts'),
  route('api/customer-portal', 'routes/billing/api.customer-portal.ts'),
  route('api/stripe/webhook', 'routes/billing/webhook.ts'),

  // Resource route: the cookie banner's form (POST, then back to the page).
  route('consentimento', 'routes/consent.ts'),

  // Resource route: stored photos, floor plans and logos, owner-only or signed links (ADR 021).
  route('uploads/*', 'routes/uploads.ts'),

  // Resource routes of a post's images (public like the post page): the screenshot-service
  // contract (ADR 043), the single download and Carousel.zip (ADR 044).
  route('imagens/post/:postId', 'routes/posts/image.ts'),
  route('posts/:postId/baixar', 'routes/posts/download.ts'),
  route('posts/:postId/carrossel', 'routes/posts/carousel.ts'),
  // Resource route: a scheduled publication's JPEG, by a signed link that expires (Meta fetches it).
  route('agendar-posts/midia/:publicationId/:file', 'routes/scheduling/media.ts'),

  // The bare page bench/auth.ts measures against, only in a build made for the bench: the flag is
  // read when the app is built (`BENCH_ROUTES=true npm run build`), never by the product's server.
  ...(process.env.BENCH_ROUTES === 'true' ? [route('_bench/bare', '../bench/bare.tsx')] : []),

  // Anything else: 404 'Page not found: {path}'.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
