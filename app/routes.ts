// The product's map (spec §2), one line per route, grouped by layout. A route whose capability
// has not been built yet points at routes/unbuilt-section.tsx, which shows only its pt-BR title.
import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

const unbuilt = (path: string, id: string) => route(path, 'routes/unbuilt-section.tsx', { id })

export default [
  // Guest layout: no authentication required.
  layout('routes/_guest.tsx', [
    route('login', 'routes/auth/login.tsx'),
    route('login/verificacao', 'routes/auth/login-2fa.tsx'),
    route('confirm', 'routes/auth/confirm.tsx'),
    route('registrar', 'routes/auth/register.tsx'),
    route('dados-fiscais', 'routes/billing/dados-fiscais.tsx'),
    route('definir-senha', 'routes/auth/set-password.tsx'),
    route('termos-de-uso', 'routes/legal/termos-de-uso.tsx'),
    route('politica-de-privacidade', 'routes/legal/politica-de-privacidade.tsx'),
    route('posts/:postId', 'routes/posts/view.tsx'),
    route('esqueci-a-senha', 'routes/auth/forgot-password.tsx'),
    route('redefinir-senha', 'routes/auth/reset-password.tsx'),
    // The dev mailbox (404 in production unless DEV_MAILBOX=true).
    route('dev/emails', 'routes/auth/dev-emails.tsx'),
  ]),

  // Public, with no declared layout or middleware.
  route('assistente', 'routes/assistant/index.tsx'),
  // Resource route: the assistant's answer streamed to the page's JavaScript (POST).
  route('assistente/mensagens', 'routes/assistant/stream.ts'),
  unbuilt('media-kits/:id/maker', 'media-kit-maker'),

  // Default layout: requires a signed-in user.
  layout('routes/_app.tsx', [
    index('routes/dashboard.tsx'),
    route('audio', 'routes/audio/index.tsx'),
    unbuilt('integracoes', 'integracoes'),
    ...prefix('imoveis', [
      index('routes/homes/list.tsx'),
      route('novo', 'routes/homes/new.tsx'),
      route(':id', 'routes/homes/edit.tsx'),
      // Resource routes of the property form's JavaScript: one-file upload, CEP lookup.
      route('fotos', 'routes/homes/photos.ts'),
      route('cep/:cep', 'routes/homes/cep.ts'),
    ]),
    ...prefix('modelos', [
      route('', 'routes/templates/index.tsx'),
      route('historico', 'routes/templates/history.tsx'),
      route(':id', 'routes/templates/template.tsx'),
    ]),
    ...prefix('plano', [
      route('sucesso', 'routes/billing/sucesso.tsx'),
      route('cancelado', 'routes/billing/cancelado.tsx'),
      route('contratar', 'routes/billing/contratar.tsx'),
      // The embedded default's payment page and portal (404 when Stripe is configured).
      route('pagamento-demo', 'routes/billing/pagamento-demo.tsx'),
      route('portal-demo', 'routes/billing/portal-demo.tsx'),
    ]),
    ...prefix('media-kits', [unbuilt('', 'media-kits'), unbuilt(':id', 'media-kit')]),
    route('ambientes', 'routes/ambientes/index.tsx'),
    route('minha-conta/seguranca', 'routes/auth/account-security.tsx'),
    route('minha-conta/plano', 'routes/billing/minha-conta-plano.tsx'),
    unbuilt('minha-conta/*', 'minha-conta'),
    ...prefix('agendar-posts', [
      unbuilt('', 'agendar-posts'),
      unbuilt('agendamento', 'agendamento'),
      unbuilt('editar-imagem', 'editar-imagem'),
      unbuilt('editar-legenda', 'editar-legenda'),
    ]),
  ]),

  // Admin section: requires a signed-in admin.
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.tsx'),
    unbuilt('templates', 'admin-templates'),
    unbuilt('usuarios', 'admin-usuarios'),
    unbuilt('usuarios/:id', 'admin-usuario'),
  ]),

  // Sign-out (POST) and the built-in auth API (Supabase Auth wire format).
  route('logout', 'routes/auth/logout.ts'),
  route('auth/v1/*', 'routes/auth/api.ts'),

  // Resource routes of billing (spec §7): prices, checkout, customer portal; Stripe's webhook.
  route('api/prices', 'routes/billing/api.prices.ts'),
  route('api/checkout', 'routes/billing/api.checkout.ts'),
  route('api/customer-portal', 'routes/billing/api.customer-portal.ts'),
  route('api/stripe/webhook', 'routes/billing/webhook.ts'),

  // Resource route: the cookie banner's form (POST, then back to the page).
  route('consentimento', 'routes/consent.ts'),

  // Resource route: stored photos, floor plans and logos, owner-only or signed links (ADR 021).
  route('uploads/*', 'routes/uploads.ts'),

  // Resource routes of a post's images (public like the post page): the screenshot-service
  // contract (spec §7), the single download and Carousel.zip (spec §9).
  route('imagens/post/:postId', 'routes/posts/image.ts'),
  route('posts/:postId/baixar', 'routes/posts/download.ts'),
  route('posts/:postId/carrossel', 'routes/posts/carousel.ts'),

  // The bare page bench/ssr.ts compares /login with (404 unless BENCH_ROUTES=true).
  route('_bench/bare', 'routes/bench-bare.tsx'),

  // Anything else: 404 'Page not found: {path}'.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
