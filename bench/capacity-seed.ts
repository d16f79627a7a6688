// The capacity run's database (ADR 275): 1,000 accounts (100 agencies of an owner and
// 4 members, 900 solo agents: 1,400 people), 50,000 properties, 500,000 posts, 200,000 scheduled
// publications and 1,000,000 listing events, with what they bring along (plans, public pages,
// social accounts, short links, leads, approval steps). Set-based SQL (INSERT … SELECT
// generate_series) through the project's own schema, migrated as the app migrates it; prints
// the time each table took. Every person signs in as agente-{n}@capacidade.test / capacidade123.
//   npx tsx bench/capacity-seed.ts        CAPACITY_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vitrine_capacity
// The database is dropped and made again. bench/capacity.ts runs the servers on it.
import bcrypt from '@node-rs/bcrypt'
import pg from 'pg'
import { openDatabase } from '../app/utils/db.server'
import { installTemplateLibrary, shippedLibrary } from '../app/models/template-library.server'
import { seal } from '../app/utils/sealed.server'
import { databaseNamed } from '../tests/support/database-url'

export const CAPACITY_DATABASE_URL =
  process.env.CAPACITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vitrine_capacity'
export const CAPACITY_PASSWORD = 'capacidade123'
/** The servers' TOKEN_ENCRYPTION_KEY: the seeded Instagram tokens are sealed with it. */
export const CAPACITY_SEALING_KEY = 'capacidade-chave-que-sela-as-credenciais-0123456789'
export const capacityEmail = (person: number) => `agente-${person}@capacidade.test`
/** The Instagram token every seeded connected account holds (sealed with the database's key). */
export const CAPACITY_IG_TOKEN = 'capacidade-ig-token'

/**
 * People are numbered 1..PEOPLE: the agency owners first (1..AGENCIES), then their members (four
 * each), then the solo agents. An account is its owner's id (ADR 218); `ownerOf(p)` is the owner
 * of person p, a SQL expression over an integer column.
 */
const MEMBERS_PER_AGENCY = 4
const uuidOf = (p: string) => `md5('capacidade-' || ${p})::uuid`

/** A statement runner: the seed runs on a pg client (this script) or a test's database handle. */
export type RunStatement = (text: string, params?: unknown[]) => Promise<number>

/**
 * The rows, set-based, on a migrated database with the template library installed. `scale` 1 is
 * the capacity run; the hot-query test (tests/integration/hot-queries.test.ts) seeds 0.02 of it.
 * `sealedToken`: the Instagram token sealed with the servers' credentials key. Returns the
 * people's count.
 */
export async function seedCapacityData(
  run: RunStatement,
  options: { scale: number; sealedToken: string; log?: (table: string, rows: number, ms: number) => void },
) {
  const { scale, sealedToken } = options
  const AGENCIES = Math.max(1, Math.round(100 * scale))
  const SOLO = Math.round(900 * scale)
  const PEOPLE = AGENCIES * (1 + MEMBERS_PER_AGENCY) + SOLO
  const HOMES = Math.round(50_000 * scale)
  const POSTS = Math.round(500_000 * scale)
  const PUBLICATIONS = Math.round(200_000 * scale)
  const EVENTS = Math.round(1_000_000 * scale)
  const LEADS = Math.round(50_000 * scale)
  const ownerOf = (p: string) =>
    `(case when ${p} <= ${AGENCIES} then ${p} when ${p} <= ${AGENCIES * 5} then (${p} - ${AGENCIES} - 1) / ${MEMBERS_PER_AGENCY} + 1 else ${p} end)`
  const step = async (table: string, statements: string | string[], params: unknown[] = []) => {
    const at = performance.now()
    let rows = 0
    for (const statement of [statements].flat()) rows += await run(statement, statement.includes('$1') ? params : [])
    options.log?.(table, rows, performance.now() - at)
  }
  const password = await bcrypt.hash(CAPACITY_PASSWORD, { cost: 10 })
  await step(
    'auth_users',
    `insert into auth_users (id, email, encrypted_password, email_confirmed_at, raw_user_meta_data, created_at)
     select ${uuidOf('p')}, 'agente-' || p || '@capacidade.test', $1, now(),
            jsonb_build_object('full_name', 'Corretor ' || p), now() - interval '400 days'
     from generate_series(1, ${PEOPLE}) p`,
    [password],
  )
  await step(
    'users',
    `insert into users (id, email, full_name, phone, theme, created_at)
     select ${uuidOf('p')}, 'agente-' || p || '@capacidade.test', 'Corretor ' || p,
            '(11) 9' || lpad((p % 10000)::text, 4, '0') || '-' || lpad((p % 9973)::text, 4, '0'),
            jsonb_build_object('primary', '#1f4e79', 'secondary', '#f2a900', 'whatsapp', '11 98765-4321'),
            now() - interval '400 days'
     from generate_series(1, ${PEOPLE}) p`,
  )
  await step(
    'account_members',
    `insert into account_members (user_id, account_id, role)
     select ${uuidOf('p')}, ${uuidOf(ownerOf('p'))}, case when p % 4 = 0 then 'gestor' else 'corretor' end
     from generate_series(${AGENCIES + 1}, ${AGENCIES * 5}) p`,
  )
  // Every account pays: agencies the Imobiliária plan, solo agents Profissional.
  await step(
    'subscriptions',
    `insert into subscriptions (user_id, lookup_key, status, customer_id, subscription_id, current_period_end, provider, state_at)
     select ${uuidOf('p')}, case when p <= ${AGENCIES} then 'imobiliaria_mensal' else 'profissional_mensal' end,
            'active', 'demo_cus_' || p, 'demo_sub_' || p, now() + interval '30 days', 'demo', now()
     from generate_series(1, ${PEOPLE}) p where ${ownerOf('p')} = p`,
  )
  await step(
    'public_pages',
    `insert into public_pages (user_id, handle)
     select ${uuidOf('p')}, 'corretor-' || p from generate_series(1, ${PEOPLE}) p where ${ownerOf('p')} = p`,
  )
  // The outbox of every account; an Instagram account for every third one (the insights job's).
  await step(
    'social_accounts',
    [
      `insert into social_accounts (user_id, provider, name)
     select ${uuidOf('p')}, 'outbox', 'Saída local' from generate_series(1, ${PEOPLE}) p where ${ownerOf('p')} = p`,
      `insert into social_accounts (user_id, provider, name, external_id, token_sealed, expires_at)
     select ${uuidOf('p')}, 'instagram', '@corretor' || p, 'ig-' || p, $1, now() + interval '50 days'
     from generate_series(1, ${PEOPLE}) p where ${ownerOf('p')} = p and p % 3 = 0`,
    ],
    [sealedToken],
  )

  // Properties: person p is responsible for every PEOPLE-th one, in their account; 5 % archived.
  await step(
    'homes',
    `insert into homes (user_id, responsible_id, status, category, name, description, gallery, price, rental_price,
                        area, bedrooms, bathrooms, parking_spaces, zipcode, neighborhood, city, state, archived_at,
                        created_at, updated_at)
     select ${uuidOf(ownerOf('p'))}, ${uuidOf('p')},
            case when i % 4 = 0 then 'rent' else 'sale' end,
            (array['apartment', 'house', 'studio', 'penthouse'])[i % 4 + 1],
            'Imóvel ' || i || ' em ' || (array['Pinheiros', 'Moema', 'Jardins', 'Tatuapé', 'Centro'])[i % 5 + 1],
            'Apartamento com varanda, perto do metrô.',
            jsonb_build_array(
              jsonb_build_object('name', 'sala.jpg', 'url', '/uploads/capacidade/' || i || '/sala.jpg'),
              jsonb_build_object('name', 'quarto.jpg', 'url', '/uploads/capacidade/' || i || '/quarto.jpg'),
              jsonb_build_object('name', 'cozinha.jpg', 'url', '/uploads/capacidade/' || i || '/cozinha.jpg')),
            case when i % 4 = 0 then null else 40000000 + (i % 97) * 1000000 end,
            case when i % 4 = 0 then 250000 + (i % 31) * 10000 else null end,
            40 + i % 160, 1 + i % 4, 1 + i % 3, i % 3, '01310-100',
            (array['Pinheiros', 'Moema', 'Jardins', 'Tatuapé', 'Centro'])[i % 5 + 1],
            (array['São Paulo', 'São Paulo', 'Campinas', 'Santos', 'Guarulhos'])[i % 5 + 1], 'SP',
            case when i % 20 = 0 then now() - interval '10 days' else null end,
            now() - (i % 365) * interval '1 day', now() - (i % 30) * interval '1 day'
     from (select i, (i - 1) % ${PEOPLE} + 1 as p from generate_series(1, ${HOMES}) i) s`,
  )
  // Each person's properties numbered 1..n: posts and events pick one of them by number.
  await run(`create temporary table person_homes as
    select id, user_id, responsible_id, row_number() over (partition by responsible_id order by id) as n,
           count(*) over (partition by responsible_id) as total
    from homes`)
  await run(`create index on person_homes (responsible_id, n)`)
  await run(`create temporary table people as
    select p, ${uuidOf('p')} as id, ${uuidOf(ownerOf('p'))} as account, p <= ${AGENCIES * 5} as agency
    from generate_series(1, ${PEOPLE}) p`)
  await run(`create unique index on people (p)`)
  await run('analyze person_homes')
  await run('analyze people')

  // Posts: person p made every PEOPLE-th one, of one of their properties, over the last year.
  // An agency's pieces go through approval (most approved, some waiting); a solo agent's are drafts.
  await step(
    'posts',
    `insert into posts (home_id, user_id, created_by, template_id, description, generated_at, format, template,
                        meta, approval_status, approved_revision, created_at, updated_at)
     select h.id, people.account, people.id, t.id, 'Legenda do post ' || j || ' #imoveis #saopaulo', now(),
            t.format, t.slug,
            jsonb_build_object('slides', jsonb_build_array(
              jsonb_build_object('id', 's1', 'type', 'cover', 'title', 'Imóvel à venda'),
              jsonb_build_object('id', 's2', 'type', 'features', 'title', 'Destaques'),
              jsonb_build_object('id', 's3', 'type', 'closing', 'title', 'Fale comigo'))),
            case when not people.agency then 'draft' when j % 10 = 0 then 'pending' when j % 10 = 1 then 'changes'
                 when j % 10 = 2 then 'draft' else 'approved' end,
            case when people.agency and j % 10 >= 3 then 1 else null end,
            now() - (j % 365) * interval '1 day' - (j % 1440) * interval '1 minute',
            now() - (j % 360) * interval '1 day'
     from generate_series(1, ${POSTS}) j
     join people on people.p = (j - 1) % ${PEOPLE} + 1
     join person_homes h on h.responsible_id = people.id and h.n = (j / ${PEOPLE}) % h.total + 1
     join (select id, format, slug, row_number() over (order by id) - 1 as k, count(*) over () as total
           from post_templates) t on t.k = j % t.total`,
  )
  // The agency's approval steps: submitted and approved for each approved piece of theirs.
  await step(
    'approval_events',
    `insert into approval_events (account_id, post_id, actor_id, actor_name, action, created_at)
     select posts.user_id, posts.id, posts.created_by, 'Corretor', a.action, posts.created_at + a.after
     from posts cross join (values ('submitted', interval '1 hour'), ('approved', interval '5 hours')) a(action, after)
     where posts.approval_status <> 'draft'`,
  )
  // Publications: one per post for the first ones; the past ones published (1 in 20 failed),
  // the next month's scheduled; to Instagram where the account has one.
  await step(
    'scheduled_publications',
    `insert into scheduled_publications (user_id, post_id, social_account_id, publish_at, status, published,
                                         published_at, external_id, permalink, caption, slides, created_at)
     select posts.user_id, posts.id, coalesce(ig.id, outbox.id), at.publish_at,
            case when at.publish_at > now() then 'scheduled' when posts.id % 20 = 0 then 'failed' else 'published' end,
            at.publish_at <= now() and posts.id % 20 <> 0,
            case when at.publish_at <= now() and posts.id % 20 <> 0 then at.publish_at end,
            case when at.publish_at <= now() and posts.id % 20 <> 0 then 'media-' || posts.id end,
            case when ig.id is not null and at.publish_at <= now() and posts.id % 20 <> 0
                 then 'https://www.instagram.com/p/' || posts.id end,
            posts.description, '[0,1,2]', posts.created_at
     from posts
     cross join lateral (select now() + ((posts.id * 7919) % 395 - 365) * interval '1 day'
                                      + (posts.id % 48) * interval '30 minutes' as publish_at) at
     join social_accounts outbox on outbox.user_id = posts.user_id and outbox.provider = 'outbox'
     left join social_accounts ig on ig.user_id = posts.user_id and ig.provider = 'instagram'
     where posts.id <= ${PUBLICATIONS}`,
  )
  // A listing page's own short link per property, and one per post for one post in ten.
  await step('short_links', [
    `insert into short_links (code, user_id, home_id)
     select 'h' || lpad(id::text, 7, '0'), user_id, id from homes`,
    `insert into short_links (code, user_id, home_id, post_id)
     select 'p' || lpad(id::text, 7, '0'), user_id, home_id, id from posts where id % 10 = 0 and home_id is not null`,
  ])
  // Views and contacts over the last 180 days, spread over every property.
  await step(
    'listing_events',
    `insert into listing_events (user_id, home_id, kind, link_code, created_at)
     select h.user_id, h.id,
            case when e % 20 < 14 then 'view' when e % 20 < 18 then 'whatsapp' when e % 20 = 18 then 'phone' else 'form' end,
            'h' || lpad(h.id::text, 7, '0'), now() - (e % 180) * interval '1 day' - (e % 1440) * interval '1 minute'
     from generate_series(1, ${EVENTS}) e
     join homes h on h.id = (e::bigint * 7919) % ${HOMES} + 1`,
  )
  await step(
    'leads',
    `insert into leads (user_id, agent_id, home_id, link_code, name, phone, message, consent_at, status, created_at)
     select h.user_id, h.responsible_id, h.id, 'h' || lpad(h.id::text, 7, '0'), 'Cliente ' || l,
            '(11) 91234-' || lpad((l % 10000)::text, 4, '0'), 'Gostaria de agendar uma visita.',
            now() - (l % 180) * interval '1 day',
            (array['novo', 'novo', 'em_contato', 'visitou', 'fechado'])[l % 5 + 1],
            now() - (l % 180) * interval '1 day'
     from generate_series(1, ${LEADS}) l
     join homes h on h.id = (l::bigint * 104729) % ${HOMES} + 1`,
  )
  await step('analyze', 'analyze')
  return { people: PEOPLE, accounts: AGENCIES + SOLO }
}

async function main() {
  const started = performance.now()
  const server = new pg.Client({ connectionString: databaseNamed(CAPACITY_DATABASE_URL, 'postgres') })
  await server.connect()
  const name = new URL(CAPACITY_DATABASE_URL).pathname.slice(1)
  if (!/^vitrine_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}: name it vitrine_…`)
  await server.query(`drop database if exists ${name} with (force)`)
  await server.query(`create database ${name}`)
  await server.end()

  // The schema as the app makes it: its migrations and its template library.
  const handle = await openDatabase({ url: CAPACITY_DATABASE_URL })
  await handle.migrate()
  await installTemplateLibrary(handle.db, shippedLibrary({}))
  await handle.close()
  console.log(`schema: migrations and template library ${seconds(performance.now() - started)}`)

  const sql = new pg.Client({ connectionString: CAPACITY_DATABASE_URL })
  await sql.connect()
  const seeded = await seedCapacityData(async (text, params) => (await sql.query(text, params)).rowCount ?? 0, {
    scale: Number(process.env.CAPACITY_SCALE ?? 1),
    sealedToken: seal(CAPACITY_SEALING_KEY, CAPACITY_IG_TOKEN),
    log: (table, rows, ms) =>
      console.log(`${table.padEnd(24)} ${String(rows).padStart(9)} rows ${seconds(ms).padStart(8)}`),
  })
  const [{ size }] = (await sql.query(`select pg_size_pretty(pg_database_size(current_database())) as size`)).rows
  await sql.end()
  console.log(
    `database ${name}: ${size}; ${seeded.people} people in ${seeded.accounts} accounts; total ${seconds(performance.now() - started)}`,
  )
}

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
