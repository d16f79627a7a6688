// What the authorization matrix and the form fuzzer need an owner to have: a property with two
// stored photos, and a generated post (its serial id, its public id, its template).
import sharp from 'sharp'
import type { Fixtures } from '../authorization-matrix.rows'
import { listingSlug } from '../../../app/domain/leads'
import { generatePost, homeForm, homeIds, publicIdOf, templateIds, type HttpAgent } from '../../support/http-agent'

export async function ownerFixtures(owner: HttpAgent): Promise<Fixtures> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer()
  const form = homeForm('Casa da matriz de acesso')
  // Two photos: the fewest a property video takes (the matrix's piece actions make one).
  form.append('gallery_files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg')
  form.append('gallery_files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto-2.jpg')
  const created = await owner.fetch('/imoveis/novo', { method: 'POST', body: form })
  if (created.status !== 302) throw new Error(`property form: ${created.status}`)
  const homeId = Math.max(...(await homeIds(owner)))
  const html = await (await owner.fetch(`/imoveis/${homeId}`)).text()
  const uploadKey = /\/uploads\/(users\/[^"?&]+)/.exec(html)![1]!
  // The owner's public page (ADR 223): the property's public address and its lead form.
  const handle = `dono-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  const saved = await owner.fetch('/minha-conta/marca?pagina', {
    method: 'POST',
    body: new URLSearchParams({ handle }),
  })
  if (saved.status !== 302) throw new Error(`public page form: ${saved.status}`)
  const listingPath = `/c/${handle}/${listingSlug({ id: homeId, name: 'Casa da matriz de acesso' })}`
  // The first template that generates from its defaults with only the property chosen.
  for (const templateId of await templateIds(owner)) {
    const postId = await generatePost(owner, templateId, homeId).catch(() => null)
    if (postId) {
      const publicId = await publicIdOf(owner, templateId, postId)
      return { homeId, uploadKey, templateId, postId, publicId, handle, listingPath }
    }
  }
  throw new Error('no template generated a post from its defaults')
}
