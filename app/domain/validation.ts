// One pt-BR error map for every zod schema in the product ('Obrigatório', 'E-mail inválido', …). Imported by the root
// route, so it is in force on the server and in the browser alike.
import { z } from 'zod'

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`

export const ptBRErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      // A missing or empty form field arrives as undefined.
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'Obrigatório'
      return 'Valor inválido'
    case 'invalid_format':
      if (issue.format === 'email') return 'E-mail inválido'
      if (issue.format === 'url') return 'URL inválida'
      if (issue.format === 'date' || issue.format === 'datetime') return 'Data inválida'
      return 'Formato inválido'
    case 'too_small': {
      const { minimum, origin, inclusive } = issue
      if (origin === 'string')
        return Number(minimum) === 1
          ? 'Obrigatório'
          : `Deve ter pelo menos ${plural(minimum, 'caractere', 'caracteres')}`
      if (origin === 'array' || origin === 'set') return `Escolha pelo menos ${plural(minimum, 'item', 'itens')}`
      if (origin === 'date') return 'Data inválida'
      return inclusive ? `Deve ser maior ou igual a ${minimum}` : `Deve ser maior que ${minimum}`
    }
    case 'too_big': {
      const { maximum, origin, inclusive } = issue
      if (origin === 'string') return `Deve ter no máximo ${plural(maximum, 'caractere', 'caracteres')}`
      if (origin === 'array' || origin === 'set') return `Escolha no máximo ${plural(maximum, 'item', 'itens')}`
      if (origin === 'date') return 'Data inválida'
      return inclusive ? `Deve ser menor ou igual a ${maximum}` : `Deve ser menor que ${maximum}`
    }
    case 'invalid_value':
      return 'Opção inválida'
    case 'not_multiple_of':
      return `Deve ser múltiplo de ${issue.divisor}`
    default:
      return 'Valor inválido'
  }
}

z.config({ customError: ptBRErrorMap })

export { z }

/** A name (a person's, a lead's) with what `isOneLine` refuses. */
export const NAME_CHARACTERS = 'O nome tem caracteres inválidos'

/** Whether a one-line field holds only what can be typed in it: control characters (line breaks
 * included) can only be sent, and would plant text where the field is printed (an e-mail). */
// eslint-disable-next-line no-control-regex
export const isOneLine = (value: string) => !/[\u0000-\u001f\u007f]/.test(value)
