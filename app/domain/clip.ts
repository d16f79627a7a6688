// Text cut to a length without cutting a character in half. JavaScript counts UTF-16 units, and
// an emoji is two: `slice` through one leaves half of it, which the page's HTML (UTF-8) writes as
// "�" while its hydration data (JSON) keeps the half, so React finds the text changed and throws
// (a caption "🔹 3 suítes\n🔹…" cut at 220 did exactly that in /modelos/historico).

/** The first `max` units of `text`, one fewer when the cut would split a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const last = text.charCodeAt(max - 1)
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max)
}
