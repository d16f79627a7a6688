import { expect, test } from 'vitest'
import { FORM_STEPS, stepOfField } from './home-form-steps'

test('every field of the property form belongs to the step that shows it (ADR 180)', () => {
  expect(FORM_STEPS.map((step) => step.id)).toEqual(['basico', 'fotos', 'detalhes', 'local'])
  for (const name of ['status', 'name', 'category', 'description', 'price', 'iptu_price', 'social_housing_program'])
    expect(stepOfField(name), name).toBe('basico')
  for (const name of ['gallery', 'gallery[0].caption', 'floor_plans', 'floor_plans[1].item'])
    expect(stepOfField(name), name).toBe('fotos')
  for (const name of ['area', 'bedrooms', 'amenities', 'features', 'theme.logo', 'theme_override'])
    expect(stepOfField(name), name).toBe('detalhes')
  for (const name of [
    'zipcode',
    'street',
    'neighborhood',
    'city',
    'state',
    'location.latitude',
    'place_id',
    'nearby_manual[0].name',
  ])
    expect(stepOfField(name), name).toBe('local')
})
