// A template installed only when TEST_TEMPLATES=true (end-to-end tests): one controlling field
// and one dependent field per condition operator, so the rule table of spec §4 is exercised on
// a real template page, with and without JavaScript.
import type { FieldDefinition } from '../fields/types'
import { CONDITION_OPERATORS, type ConditionOperator, type ConditionValue } from '../fields/types'
import type { LibraryTemplate } from './common'

const abc = [
  { value: 'a', label: 'Opção A' },
  { value: 'b', label: 'Opção B' },
  { value: 'c', label: 'Opção C' },
]

/** The controlling field and the condition value of each operator's row. */
const ROWS: Record<ConditionOperator, { control: Omit<FieldDefinition, 'name'>; value: ConditionValue }> = {
  '==': { control: { type: 'select', label: 'Controle ==', options: [{ value: 'sim', label: 'Sim' }, { value: 'nao', label: 'Não' }] }, value: 'sim' },
  '!=': { control: { type: 'text', label: 'Controle !=' }, value: 'ocultar' },
  '>': { control: { type: 'number', label: 'Controle >' }, value: 10 },
  '<': { control: { type: 'number', label: 'Controle <' }, value: 5 },
  '>=': { control: { type: 'money', label: 'Controle >=' }, value: 1000 },
  '<=': { control: { type: 'number', label: 'Controle <=' }, value: 3 },
  in: { control: { type: 'select', label: 'Controle in', options: abc }, value: ['a', 'b'] },
  'not in': { control: { type: 'radio', label: 'Controle not in', options: abc }, value: ['a', 'b'] },
  contains: {
    control: {
      type: 'checkbox-group',
      label: 'Controle contains',
      options: [
        { value: 'pool', label: 'Piscina' },
        { value: 'gym', label: 'Academia' },
      ],
    },
    value: 'pool',
  },
  'not contains': { control: { type: 'text', label: 'Controle not contains' }, value: 'proibido' },
  'starts with': { control: { type: 'text', label: 'Controle starts with' }, value: 'promo' },
  'ends with': { control: { type: 'email', label: 'Controle ends with' }, value: '.br' },
}

const slug = (operator: ConditionOperator) =>
  ({ '==': 'eq', '!=': 'ne', '>': 'gt', '<': 'lt', '>=': 'gte', '<=': 'lte', in: 'in', 'not in': 'nin', contains: 'has', 'not contains': 'nhas', 'starts with': 'sw', 'ends with': 'ew' })[operator]

export const CONDITION_TEST_TEMPLATE: LibraryTemplate = {
  slug: 'teste-regras-condicionais',
  name: 'Teste: regras condicionais',
  description: 'Modelo de teste: um campo aparece ou some para cada operador das regras.',
  color: '#475569',
  icon: 'file',
  category: '',
  needs_home: false,
  featured: false,
  format: 'feed',
  fields: CONDITION_OPERATORS.flatMap((operator): FieldDefinition[] => [
    { ...ROWS[operator].control, name: `c_${slug(operator)}`, width: 'half' } as FieldDefinition,
    {
      type: 'text',
      name: `d_${slug(operator)}`,
      label: `Aparece com ${operator}`,
      width: 'half',
      conditions: [{ field: `c_${slug(operator)}`, operator, value: ROWS[operator].value }],
    },
  ]),
  prompts: [{ role: 'user', content: 'Escreva uma dica curta para corretores.' }],
  design: { kind: 'tip' },
}

export const TEST_TEMPLATES: LibraryTemplate[] = [CONDITION_TEST_TEMPLATE]
