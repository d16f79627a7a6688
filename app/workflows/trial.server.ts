// "Experimente sem cadastro" (ADR 269): a visitor with no account gets an anonymous
// session and a sample property of their own, its photos and floor plan drawn in code as the
// seed draws them (no image from the web), stored through the same pipeline as an upload.
import { ITAIM_APARTMENT_FACTS } from '~/domain/demo-home'
import type { HomeInput } from '~/domain/home-schema'
import type { MediaItem } from '~/domain/media'
import { createHome, type Home } from '~/models/homes.server'
import { processImage, storeProcessedImage, type ProcessedImage } from '~/integrations/images/images.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { floorPlan, roomPhoto, type Scene } from '~/integrations/images/sample-photos.server'
import type { Database } from '~/utils/db.server'

/** The seed's Itaim apartment, the demo of /assistente and the trial's sample property. */
export const ITAIM_APARTMENT = {
  social_housing_program: false,
  rental_price: null,
  place_id: null,
  nearby_places: [],
  theme: null,
  ...ITAIM_APARTMENT_FACTS,
  name: 'Apartamento 3 suítes com varanda gourmet no Itaim Bibi',
  complement: 'Apto 121',
  location: { latitude: -23.5843, longitude: -46.6765 },
} satisfies Omit<HomeInput, 'gallery' | 'floor_plans'>

export const ITAIM_PHOTOS: { scene: Scene; caption: string; featured?: boolean }[] = [
  { scene: 'living', caption: 'Sala de estar integrada à varanda', featured: true },
  { scene: 'balcony', caption: 'Varanda gourmet com vista' },
  { scene: 'kitchen', caption: 'Cozinha com ilha' },
  { scene: 'bedroom', caption: 'Suíte principal' },
  { scene: 'bathroom', caption: 'Banheiro da suíte' },
  { scene: 'pool', caption: 'Piscina do condomínio' },
]

/** The trial's property is named as an example, so nobody takes it for a real listing. */
export const TRIAL_HOME_NAME = `${ITAIM_APARTMENT.name} (exemplo)`

/**
 * The sample's photos, drawn and processed (sizes, WebP) once per process: every visitor's copy
 * has the same pictures, so starting a trial only stores files.
 */
const prepared = new Map<string, Promise<ProcessedImage>>()
function prepareOnce(name: string, draw: () => Promise<Buffer>): Promise<ProcessedImage> {
  let image = prepared.get(name)
  if (!image) {
    image = draw().then((bytes) => processImage(bytes, name))
    image.catch(() => prepared.delete(name))
    prepared.set(name, image)
  }
  return image
}

/** The visitor's own copy of the sample property, its photos stored under their id. */
export async function createTrialHome(db: Database, storage: Storage, userId: string): Promise<Home> {
  const gallery: MediaItem[] = await Promise.all(
    ITAIM_PHOTOS.map(async (photo, n) => {
      const name = `${photo.scene}-${n + 1}.jpg`
      const image = await prepareOnce(name, () => roomPhoto(photo.scene, n))
      return storeProcessedImage(storage, userId, name, image, {
        caption: photo.caption,
        featured: photo.featured ?? false,
      })
    }),
  )
  const plan = await storeProcessedImage(
    storage,
    userId,
    'planta-1.png',
    await prepareOnce('planta-1.png', () => floorPlan(0)),
    { caption: 'Planta', folder: 'plans' },
  )
  return createHome(db, storage, userId, {
    ...ITAIM_APARTMENT,
    name: TRIAL_HOME_NAME,
    gallery,
    floor_plans: [plan],
  })
}
