// Properties that stress the slide layouts (ADR 160): a very long name and address with a huge
// price and 40 photos, one without any photo, a rental, and a launch. Test data only.
import type { HomeFacts } from '../../app/domain/home-facts'

const photos = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({
    name: `${prefix}-${i}`,
    url: `/uploads/stress/${prefix}/${i}.jpg`,
    featured: i === 0,
  }))

const common = {
  status: 'sale',
  category: 'apartment',
  state: 'SP',
  type: 'residential',
  stage: 'ready',
  theme: null,
} as const

export const STRESS_HOMES: Array<{ key: string; home: HomeFacts }> = [
  {
    key: 'longo',
    home: {
      ...common,
      id: 1,
      name: 'Cobertura duplex com vista panorâmica para o Parque Ibirapuera, terraço gourmet e piscina privativa',
      neighborhood: 'Jardim Paulistano e Cidade Jardim (divisa com o Jardim Europa)',
      city: 'São José dos Campos',
      price: 12_500_000_000,
      condominium_price: 1_850_000,
      iptu_price: 985_050,
      area: 1250.75,
      bedrooms: 12,
      suites: 8,
      bathrooms: 14,
      parking_spaces: 12,
      features: [
        'gourmet_balcony',
        'barbecue_grill',
        'balcony',
        'furnished',
        'air_conditioning',
        'built_in_cabinets',
        'office',
        'accepts_pets',
      ],
      amenities: ['gym', 'pool', 'party_room', 'playground', 'sauna', 'spa', 'cinema', 'sports_court'],
      gallery: photos(40, 'longo'),
      floor_plans: [{ name: 'planta', url: '/uploads/stress/plan/0.png' }],
    },
  },
  {
    key: 'sem-foto',
    home: {
      ...common,
      id: 2,
      name: 'Casa térrea sem fotos ainda',
      neighborhood: 'Centro',
      city: 'Campinas',
      price: 89_000_000,
      area: 140,
      bedrooms: 3,
      bathrooms: 2,
      parking_spaces: 2,
      gallery: [],
      floor_plans: [],
    },
  },
  {
    key: 'aluguel',
    home: {
      ...common,
      id: 3,
      status: 'rent',
      name: 'Apartamento mobiliado no Itaim Bibi',
      neighborhood: 'Itaim Bibi',
      city: 'São Paulo',
      price: null,
      rental_price: 290_000,
      condominium_price: 210_000,
      iptu_price: 65_050,
      area: 68,
      bedrooms: 2,
      suites: 1,
      bathrooms: 2,
      parking_spaces: 1,
      features: ['furnished', 'balcony'],
      gallery: photos(3, 'aluguel'),
      floor_plans: [],
    },
  },
  {
    key: 'lancamento',
    home: {
      ...common,
      id: 4,
      stage: 'launch',
      name: 'Residencial Horizonte Vila Mariana',
      neighborhood: 'Vila Mariana',
      city: 'São Paulo',
      price: 98_000_000,
      area: 74,
      bedrooms: 3,
      suites: 1,
      bathrooms: 2,
      parking_spaces: 2,
      amenities: ['pool', 'gym', 'party_room'],
      gallery: photos(6, 'lancamento'),
      floor_plans: [{ name: 'planta', url: '/uploads/stress/plan/1.png' }],
    },
  },
] as unknown as Array<{ key: string; home: HomeFacts }>
