// The template library shipped with the product (categories and templates), pure data.
export { LIBRARY_CATEGORIES, LIBRARY_TEMPLATES } from './templates'
export type { LibraryCategory, LibraryTemplate } from './common'
