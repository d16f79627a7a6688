// CEP → address, through ViaCEP (VIACEP_URL). A short timeout and a quiet failure: offline or
// slow, the lookup answers 'unavailable' and the agent types the address (ADR 023).
import { LRUCache } from 'lru-cache'
import { currentLogger } from '~/utils/logger.server'

export type CepAddress = {
  zipcode: string
  street: string
  complement: string
  neighborhood: string
  city: string
  state: string
}

export type CepResult =
  { status: 'found'; address: CepAddress } | { status: 'invalid' } | { status: 'not_found' } | { status: 'unavailable' }

export type CepLookup = (cep: string) => Promise<CepResult>

export const CEP_MESSAGES = {
  invalid: 'CEP inválido. Use 8 dígitos, como 01310-100',
  not_found: 'CEP não encontrado. Confira os números ou preencha o endereço.',
  unavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço.',
} as const

/** Digits of a CEP, or null when it is not 8 digits ('01310-100' → '01310100'). */
export function cepDigits(input: string): string | null {
  const stripped = input.trim().replace(/[.\s-]/g, '')
  return /^\d{8}$/.test(stripped) ? stripped : null
}

type ViaCepBody = {
  cep?: string
  logradouro?: string
  complemento?: string
  bairro?: string
  localidade?: string
  uf?: string
  erro?: boolean | string
}

export function createCepLookup(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): CepLookup {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 2500
  const base = options.baseUrl.replace(/\/+$/, '')
  // Addresses of a CEP do not change; a small memory saves a round trip on the second look.
  const cache = new LRUCache<string, CepResult>({ max: 1000 })

  return async (cep) => {
    const digits = cepDigits(cep)
    if (!digits) return { status: 'invalid' }
    const cached = cache.get(digits)
    if (cached) return cached
    let result: CepResult
    try {
      const response = await doFetch(`${base}/${digits}/json/`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (response.status === 400) result = { status: 'invalid' }
      else if (!response.ok) return { status: 'unavailable' }
      else {
        const body = (await response.json()) as ViaCepBody
        if (body.erro === true || body.erro === 'true' || !body.localidade || !body.uf) result = { status: 'not_found' }
        else
          result = {
            status: 'found',
            address: {
              zipcode: `${digits.slice(0, 5)}-${digits.slice(5)}`,
              street: body.logradouro ?? '',
              complement: body.complemento ?? '',
              neighborhood: body.bairro ?? '',
              city: body.localidade,
              state: body.uf,
            },
          }
      }
    } catch (error) {
      // The form stays usable (address typed by hand); the failure is logged, not hidden.
      currentLogger().warn('CEP lookup unavailable', { error })
      return { status: 'unavailable' }
    }
    cache.set(digits, result)
    return result
  }
}

const lookups = new WeakMap<object, CepLookup>()

/** The lookup for this environment, made on first use and kept (its cache with it). */
export function cepLookupFor(env: { VIACEP_URL: string }): CepLookup {
  let lookup = lookups.get(env)
  if (!lookup) {
    lookup = createCepLookup({ baseUrl: env.VIACEP_URL })
    lookups.set(env, lookup)
  }
  return lookup
}
