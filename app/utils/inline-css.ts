/**
 * What a production page's <style> holds as React renders it: the server writes the stylesheet's
 * bytes in its place (ADR 190, 233). It starts with "<", which React escapes in every text and
 * attribute, so no one's content can carry it.
 */
export const INLINE_CSS_MARK = '</vitrine-inline-css>'
/** The inline stylesheet's element, where the browser reads the server's copy. */
export const INLINE_CSS_ID = 'estilo'
