import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { buildFieldsSchema, parseFieldValues } from './schema'
import { fieldListSchema } from './definition-schema'
import { FIELD_TYPES, type FieldDefinition, type FormValues } from './types'
import { formDataToValues } from './values'
import { templateFormFields, toFormValues } from './template-fields'

function parse(field: FieldDefinition, value: FormValues[string], context = {}) {
  return parseFieldValues([field], value === undefined ? {} : { [field.name]: value }, context)
}

function accepts(field: FieldDefinition, value: FormValues[string], context = {}) {
  const result = parse(field, value, context)
  if (!result.success) throw new Error(`rejected ${JSON.stringify(value)}: ${JSON.stringify(result.errors)}`)
  return result.data[field.name]
}

function rejects(field: FieldDefinition, value: FormValues[string], context = {}) {
  const result = parse(field, value, context)
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`)
  return result.errors[field.name]?.[0]
}

const options = [
  { value: 'sale', label: 'Venda' },
  { value: 'rent', label: 'Aluguel' },
]

describe('one schema per field type', () => {
  test('text, textarea and password trim, and say Obrigatório when required and empty', () => {
    for (const type of ['text', 'textarea', 'password'] as const) {
      const field: FieldDefinition = { type, name: 'f', required: true, maxLength: 5 }
      expect(accepts(field, '  oi  ')).toBe('oi')
      expect(rejects(field, '')).toBe('Obrigatório')
      expect(rejects(field, '   ')).toBe('Obrigatório')
      expect(rejects(field, undefined)).toBe('Obrigatório')
      expect(rejects(field, 'longo demais')).toBe('Deve ter no máximo 5 caracteres')
      expect(accepts({ type, name: 'f' }, '')).toBeUndefined()
    }
  })

  test('a mask formats what was typed and refuses what does not fill it', () => {
    const zipcode: FieldDefinition = { type: 'text', name: 'f', mask: '00000-000' }
    expect(accepts(zipcode, '01310100')).toBe('01310-100')
    expect(accepts(zipcode, '01310-100')).toBe('01310-100')
    expect(rejects(zipcode, '0131')).toBe('Formato inválido')
  })

  test('email', () => {
    const field: FieldDefinition = { type: 'email', name: 'f', required: true }
    expect(accepts(field, ' Corretor@Imob.com.br ')).toBe('corretor@imob.com.br')
    expect(rejects(field, 'corretor@')).toBe('E-mail inválido')
    expect(rejects(field, '')).toBe('Obrigatório')
  })

  test('url takes http(s) addresses only', () => {
    const field: FieldDefinition = { type: 'url', name: 'f' }
    expect(accepts(field, 'https://imobiliaria.com.br/imovel/1')).toBe('https://imobiliaria.com.br/imovel/1')
    expect(rejects(field, 'javascript:alert(1)')).toBe('URL inválida')
    expect(rejects(field, 'imobiliaria')).toBe('URL inválida')
  })

  test('tel', () => {
    const field: FieldDefinition = { type: 'tel', name: 'f', mask: '(00) 00000-0000' }
    expect(accepts(field, '11987654321')).toBe('(11) 98765-4321')
    expect(rejects(field, '1198')).toBe('Formato inválido')
    expect(accepts({ type: 'tel', name: 'f' }, '+55 11 98765-4321')).toBe('+55 11 98765-4321')
    expect(rejects({ type: 'tel', name: 'f' }, '123')).toBe('Telefone inválido')
  })

  test('number reads pt-BR numbers and keeps its bounds', () => {
    const field: FieldDefinition = { type: 'number', name: 'f', min: 0, max: 10 }
    expect(accepts(field, '3')).toBe(3)
    expect(accepts(field, '2,5')).toBe(2.5)
    expect(rejects(field, '11')).toBe('Deve ser menor ou igual a 10')
    expect(rejects(field, '-1')).toBe('Deve ser maior ou igual a 0')
    expect(rejects(field, 'três')).toBe('Valor inválido')
    expect(accepts(field, '')).toBeUndefined()
    expect(rejects({ ...field, required: true }, '')).toBe('Obrigatório')
  })

  test('money is parsed to integer cents', () => {
    const field: FieldDefinition = { type: 'money', name: 'f', required: true }
    expect(accepts(field, 'R$ 1.234,56')).toBe(123456)
    expect(accepts(field, '850.000')).toBe(85000000)
    expect(accepts(field, '1234.5')).toBe(123450)
    expect(rejects(field, 'abc')).toBe('Valor inválido')
    expect(rejects(field, '-10')).toBe('Deve ser maior ou igual a 0')
    expect(rejects(field, '')).toBe('Obrigatório')
    expect(accepts({ type: 'money', name: 'f' }, '')).toBeUndefined()
  })

  test('checkbox', () => {
    expect(accepts({ type: 'checkbox', name: 'f' }, 'on')).toBe(true)
    expect(accepts({ type: 'checkbox', name: 'f' }, undefined)).toBe(false)
    expect(rejects({ type: 'checkbox', name: 'f', required: true }, undefined)).toBe('Obrigatório')
    expect(accepts({ type: 'checkbox', name: 'f', required: true }, 'on')).toBe(true)
  })

  test('select, radio and radio-tabs accept only their options', () => {
    for (const type of ['select', 'radio', 'radio-tabs'] as const) {
      const field: FieldDefinition = { type, name: 'f', required: true, options }
      expect(accepts(field, 'rent')).toBe('rent')
      expect(rejects(field, 'land')).toBe('Opção inválida')
      expect(rejects(field, '')).toBe('Obrigatório')
    }
  })

  test('multiselect and checkbox-group give lists of their options', () => {
    for (const type of ['multiselect', 'checkbox-group'] as const) {
      const field: FieldDefinition = { type, name: 'f', required: true, options, max: 1 }
      expect(accepts(field, 'sale')).toEqual(['sale'])
      expect(rejects(field, ['sale', 'rent'])).toBe('Escolha no máximo 1 item')
      expect(rejects(field, [])).toBe('Escolha pelo menos 1 item')
      expect(rejects(field, undefined)).toBe('Escolha pelo menos 1 item')
      expect(rejects({ ...field, max: undefined }, ['sale', 'land'])).toBe('Opção inválida')
      expect(accepts({ type, name: 'f', options }, undefined)).toEqual([])
    }
  })

  test('gallery picks only the chosen property’s photos', () => {
    const field: FieldDefinition = { type: 'gallery', name: 'f', max: 2 }
    const galleryUrls = ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg']
    expect(accepts(field, ['/uploads/a.jpg'], { galleryUrls })).toEqual(['/uploads/a.jpg'])
    expect(rejects(field, ['/uploads/other-user.jpg'], { galleryUrls })).toBe('Foto não encontrada')
    expect(rejects(field, galleryUrls, { galleryUrls })).toBe('Escolha no máximo 2 itens')
  })

  test('home accepts the agent’s own properties only', () => {
    const field: FieldDefinition = { type: 'home', name: 'home_id', required: true }
    expect(accepts(field, '7', { homeIds: [7, 8] })).toBe(7)
    expect(rejects(field, '9', { homeIds: [7, 8] })).toBe('Imóvel não encontrado')
    expect(rejects(field, 'x', { homeIds: [7] })).toBe('Imóvel não encontrado')
    expect(rejects(field, '', { homeIds: [7] })).toBe('Escolha um imóvel')
  })

  test('date, time and datetime', () => {
    expect(accepts({ type: 'date', name: 'f' }, '2025-12-24')).toBe('2025-12-24')
    expect(rejects({ type: 'date', name: 'f' }, '24/12/2025')).toBe('Data inválida')
    expect(rejects({ type: 'date', name: 'f' }, '2025-02-30')).toBe('Data inválida')
    expect(accepts({ type: 'time', name: 'f' }, '14:30')).toBe('14:30')
    expect(rejects({ type: 'time', name: 'f' }, '25:00')).toBe('Hora inválida')
    expect(accepts({ type: 'datetime', name: 'f' }, '2025-12-24T20:00')).toBe('2025-12-24T20:00')
    expect(rejects({ type: 'datetime', name: 'f' }, 'amanhã')).toBe('Data inválida')
  })

  test('color', () => {
    expect(accepts({ type: 'color', name: 'f' }, '#1E3A8A')).toBe('#1e3a8a')
    expect(rejects({ type: 'color', name: 'f' }, 'azul')).toBe('Cor inválida')
  })

  test('maps takes a latitude and a longitude', () => {
    const field: FieldDefinition = { type: 'maps', name: 'f', required: true }
    expect(accepts(field, { latitude: '-23,5614', longitude: '-46.6559' })).toEqual({
      latitude: -23.5614,
      longitude: -46.6559,
    })
    expect(parse(field, { latitude: '-95', longitude: '0' })).toEqual({
      success: false,
      errors: { 'f.latitude': ['Deve ser maior ou igual a -90'] },
    })
    expect(rejects(field, { latitude: '', longitude: '' })).toBe('Obrigatório')
    expect(accepts({ type: 'maps', name: 'f' }, undefined)).toBeUndefined()
  })

  test('file takes an image up to 10 MB, or the URL of one sent before', () => {
    const field: FieldDefinition = { type: 'file', name: 'f', required: true }
    const image = new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' })
    expect(accepts(field, image)).toBe(image)
    expect(accepts(field, '/uploads/logo.png')).toBe('/uploads/logo.png')
    const pdf = new File([new Uint8Array(10)], 'a.pdf', { type: 'application/pdf' })
    expect(rejects(field, pdf)).toBe('Envie uma imagem JPG, PNG, WebP ou GIF')
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
    expect(rejects(field, big)).toBe('Arquivo maior que 10 MB')
    expect(rejects(field, new File([], ''))).toBe('Obrigatório')
    expect(accepts(field, ['/uploads/logo.png', new File([], '')])).toBe('/uploads/logo.png')
    expect(accepts(field, ['/uploads/logo.png', image])).toBe(image)
  })

  test('heading and tab carry no value', () => {
    const fields: FieldDefinition[] = [
      { type: 'heading', name: 'intro', label: 'Sobre o post' },
      { type: 'tab', name: 'main', label: 'Principal' },
    ]
    expect(parseFieldValues(fields, { intro: 'x', main: 'y' })).toEqual({ success: true, data: {} })
  })

  test('repeater validates each item and counts them', () => {
    const field: FieldDefinition = {
      type: 'repeater',
      name: 'items',
      repeater: {
        min: 1,
        max: 2,
        fields: [
          { type: 'text', name: 'title', required: true },
          { type: 'money', name: 'price' },
        ],
      },
    }
    expect(accepts(field, [{ title: 'Sala', price: '10,00' }])).toEqual([{ title: 'Sala', price: 1000 }])
    expect(parse(field, [{ title: '' }, { title: 'b' }])).toEqual({
      success: false,
      errors: { 'items[0].title': ['Obrigatório'] },
    })
    expect(rejects(field, [])).toBe('Adicione pelo menos 1 item')
    expect(rejects(field, [{ title: 'a' }, { title: 'b' }, { title: 'c' }])).toBe('Adicione no máximo 2 itens')
  })

  test('every one of the 25 field types is covered', () => {
    expect(FIELD_TYPES).toHaveLength(25)
  })
})

describe('hidden fields', () => {
  const fields: FieldDefinition[] = [
    { type: 'radio', name: 'deal', required: true, options },
    {
      type: 'money',
      name: 'price',
      required: true,
      conditions: [{ field: 'deal', operator: '==', value: 'sale' }],
    },
    {
      type: 'money',
      name: 'rent',
      required: true,
      conditions: [{ field: 'deal', operator: '==', value: 'rent' }],
    },
  ]

  test('are neither validated nor saved', () => {
    expect(parseFieldValues(fields, { deal: 'sale', price: '500.000', rent: 'lixo' })).toEqual({
      success: true,
      data: { deal: 'sale', price: 50000000 },
    })
    expect(parseFieldValues(fields, { deal: 'rent', price: '', rent: '' })).toEqual({
      success: false,
      errors: { rent: ['Obrigatório'] },
    })
  })

  test('the schema works through Conform on posted form data', () => {
    const form = new FormData()
    form.append('deal', 'rent')
    form.append('price', 'não validado')
    form.append('rent', 'R$ 3.200,00')
    const schema = buildFieldsSchema(fields, formDataToValues(form))
    const submission = parseWithZod(form, { schema, disableAutoCoercion: true })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ deal: 'rent', rent: 320000 })

    const bad = new FormData()
    bad.append('deal', 'sale')
    const rejected = parseWithZod(bad, {
      schema: buildFieldsSchema(fields, formDataToValues(bad)),
      disableAutoCoercion: true,
    })
    expect(rejected.status).toBe('error')
    expect(rejected.reply().error).toEqual({ price: ['Obrigatório'] })
  })
})

describe('template fields', () => {
  test('a template that needs a property gets the property picker first and the style last', () => {
    const fields = templateFormFields({ needs_home: true, fields: [{ type: 'text', name: 'headline' }] })
    expect(fields.map((field) => field.type)).toEqual(['home', 'text', 'select'])
    expect(fields.at(-1)).toMatchObject({ name: 'style', label: 'Estilo', default: 'classico' })
    expect(templateFormFields({ needs_home: false, fields: [] })).toEqual([])
  })

  test('malformed stored definitions are left out', () => {
    const fields = templateFormFields({
      needs_home: false,
      fields: [
        { type: 'nope', name: 'x' },
        { type: 'select', name: 'y' },
        { type: 'text', name: 'ok' },
      ],
    })
    expect(fields.map((field) => field.name)).toEqual(['ok'])
  })

  test('saved values go back into the form as people typed them', () => {
    const fields: FieldDefinition[] = [
      { type: 'money', name: 'price' },
      { type: 'checkbox', name: 'ok' },
      { type: 'number', name: 'n' },
      { type: 'multiselect', name: 'm', options },
    ]
    const form = toFormValues(fields, { price: 123456, ok: true, n: 3, m: ['sale'] })
    expect(form).toEqual({ price: '1.234,56', ok: true, n: '3', m: ['sale'] })
    expect(parseFieldValues(fields, form)).toEqual({
      success: true,
      data: { price: 123456, ok: true, n: 3, m: ['sale'] },
    })
  })

  test('names repeat nowhere in a definition list', () => {
    const result = fieldListSchema.safeParse([
      { type: 'text', name: 'a' },
      { type: 'text', name: 'a' },
    ])
    expect(result.success).toBe(false)
  })
})

describe('posted form data', () => {
  test('lists, repeater items and nested names come back nested', () => {
    const form = new FormData()
    form.append('tags', 'a')
    form.append('tags', 'b')
    form.append('items[0].title', 'Sala')
    form.append('items[1].title', 'Quarto')
    form.append('place.latitude', '-23.5')
    form.append('logo', new File([], ''))
    expect(formDataToValues(form)).toEqual({
      tags: ['a', 'b'],
      items: [{ title: 'Sala' }, { title: 'Quarto' }],
      place: { latitude: '-23.5' },
    })
  })
})
