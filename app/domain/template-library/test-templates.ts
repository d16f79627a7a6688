// A template installed only when TEST_TEMPLATES=true (end-to-end tests): one controlling field
// and one dependent field per condition operator, so every condition rule (ADR 030) is exercised on
// a real template page, with and without JavaScript.
import type { FieldDefinition } from '~/domain/fields/types'
import { CONDITION_OPERATORS, type ConditionOperator, type ConditionValue } from '~/domain/fields/types'
import type { LibraryTemplate } from './common'

const abc = [
  { value: 'a', label: 'Opção A' },
  { value: 'b', label: 'Opção B' },
  { value: 'c', label: 'Opção C' },
]

/** The controlling field and the condition value of each operator's row. */
const ROWS: Record<ConditionOperator, { control: Omit<FieldDefinition, 'name'>; value: ConditionValue }> = {
  '==': {
    control: {
      type: 'select',
      label: 'Controle ==',
      options: [
        { value: 'sim', label: 'Sim' },
        { value: 'nao', label: 'Não' },
      ],
    },
    value: 'sim',
  },
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
  ({
    '==': 'eq',
    '!=': 'ne',
    '>': 'gt',
    '<': 'lt',
    '>=': 'gte',
    '<=': 'lte',
    in: 'in',
    'not in': 'nin',
    contains: 'has',
    'not contains': 'nhas',
    'starts with': 'sw',
    'ends with': 'ew',
  })[operator]

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

/** Every one of the 25 field types in one form, in three tabs, for the end-to-end form test. */
export const ALL_FIELDS_TEST_TEMPLATE: LibraryTemplate = {
  slug: 'teste-todos-os-campos',
  name: 'Teste: todos os tipos de campo',
  description: 'Modelo de teste: um campo de cada tipo, em abas, com repetidor.',
  color: '#475569',
  icon: 'file',
  category: '',
  needs_home: false,
  featured: false,
  format: 'feed',
  fields: [
    { type: 'tab', name: 'aba_principal', label: 'Principal' },
    { type: 'home', name: 'imovel', label: 'Imóvel do teste' },
    { type: 'heading', name: 'h_basico', label: 'Básico', help: 'Campos de texto.' },
    { type: 'text', name: 'texto', label: 'Texto', placeholder: 'Escreva algo', maxLength: 60, required: true },
    { type: 'textarea', name: 'descricao', label: 'Descrição', rows: 3 },
    { type: 'password', name: 'senha', label: 'Senha de teste', size: 'small', width: 'half' },
    { type: 'email', name: 'email', label: 'E-mail de contato', width: 'half' },
    { type: 'url', name: 'site', label: 'Site', width: 'half' },
    { type: 'tel', name: 'telefone', label: 'Telefone', mask: '(00) 00000-0000', width: 'half' },
    { type: 'number', name: 'quantidade', label: 'Quantidade', min: 0, max: 100, width: 'third' },
    { type: 'money', name: 'valor', label: 'Valor', width: 'third' },
    { type: 'color', name: 'cor', label: 'Cor', width: 'third' },
    { type: 'tab', name: 'aba_escolhas', label: 'Escolhas' },
    {
      type: 'select',
      name: 'tipo',
      label: 'Tipo',
      options: [
        { value: 'casa', label: 'Casa' },
        { value: 'apto', label: 'Apartamento' },
      ],
    },
    {
      type: 'multiselect',
      name: 'canais',
      label: 'Canais',
      options: [
        { value: 'instagram', label: 'Instagram' },
        { value: 'facebook', label: 'Facebook' },
        { value: 'whatsapp', label: 'WhatsApp' },
      ],
    },
    {
      type: 'radio',
      name: 'prazo',
      label: 'Prazo',
      options: [
        { value: 'hoje', label: 'Hoje' },
        { value: 'semana', label: 'Esta semana' },
      ],
    },
    {
      type: 'radio-tabs',
      name: 'estilo',
      label: 'Estilo',
      options: [
        { value: 'claro', label: 'Claro' },
        { value: 'escuro', label: 'Escuro' },
      ],
    },
    { type: 'checkbox', name: 'aceite', label: 'Aceito os termos do teste' },
    { type: 'checkbox', name: 'destaque', label: 'Destaque', switchLabel: 'Destacar este post' },
    {
      type: 'checkbox-group',
      name: 'extras',
      label: 'Extras',
      options: [
        { value: 'musica', label: 'Música' },
        { value: 'legenda', label: 'Legenda longa' },
      ],
    },
    { type: 'tab', name: 'aba_datas', label: 'Datas e lugar' },
    { type: 'date', name: 'dia', label: 'Dia', width: 'third' },
    { type: 'time', name: 'hora', label: 'Hora', width: 'third' },
    { type: 'datetime', name: 'quando', label: 'Quando', width: 'third' },
    { type: 'maps', name: 'local', label: 'Localização' },
    { type: 'file', name: 'logo', label: 'Logo' },
    { type: 'gallery', name: 'fotos', label: 'Fotos do post', max: 3 },
    {
      type: 'repeater',
      name: 'depoimentos',
      label: 'Depoimentos',
      repeater: {
        min: 1,
        max: 3,
        addLabel: 'Adicionar depoimento',
        itemLabel: 'Depoimento',
        fields: [
          { type: 'text', name: 'nome', label: 'Nome', required: true, width: 'half' },
          {
            type: 'select',
            name: 'forma',
            label: 'Forma',
            width: 'half',
            options: [
              { value: 'citacao', label: 'Citação' },
              { value: 'nota', label: 'Só a nota' },
            ],
          },
          {
            type: 'textarea',
            name: 'frase',
            label: 'Frase',
            conditions: [{ field: 'forma', operator: '==', value: 'citacao' }],
          },
        ],
      },
    },
  ],
  prompts: [{ role: 'user', content: 'Escreva uma dica curta. {{fields.texto}}' }],
  design: { kind: 'tip' },
}

export const TEST_TEMPLATES: LibraryTemplate[] = [CONDITION_TEST_TEMPLATE, ALL_FIELDS_TEST_TEMPLATE]
