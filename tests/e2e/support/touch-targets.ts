// Measures the tap targets of the page in the browser (ADR 177, 215): every visible interactive
// element at least 44 × 44 px, or at least 24 × 24 with no other target within 22 px of its
// centre (WCAG 2.2 2.5.8's spacing, with 44 as our goal), or a link inside a sentence. Runs in
// the page.
import type { Page } from '@playwright/test'

export type Target = { what: string; width: number; height: number }

/** The targets under 44 × 44 px that no exception covers, and the page's sideways overflow. */
export async function undersizedTargets(page: Page): Promise<{ small: Target[]; overflow: number }> {
  return page.evaluate(() => {
    const MIN = 44
    // Under this, no spacing excuses a target (WCAG 2.5.8's 24 × 24 minimum).
    const FLOOR = 24
    // WCAG's spacing exception draws a 24-px circle; the product's bar is 44, so the circle here
    // is 44 px: a small target passes only with a 44-px target's room around it (with 24 px
    // any row of 20-px text links would pass, the very thing agents found hard to tap on a phone).
    const SPACING = MIN
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])'
    const describe = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      const input = el as HTMLInputElement
      return `${el.tagName.toLowerCase()}${input.type && el.tagName === 'INPUT' ? `[${input.type}]` : ''} "${text || input.name || ''}"`
    }
    // Exception 1 (WCAG "inline"): a link inside a sentence, whose size the line of text sets.
    // A navigation (a breadcrumb "Imóveis / …") is not a sentence.
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline' || el.closest('nav')) return false
      let block = el.parentElement
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement
      const rest = (block?.textContent ?? '').replace(el.textContent ?? '', '').trim()
      return rest.length > 2
    }
    // A checkbox or radio is tapped through its label: its target is the largest of the two.
    const boxOf = (el: Element): DOMRect => {
      const own = el.getBoundingClientRect()
      const labels = (el as HTMLInputElement).labels
      if (!labels?.length || !['checkbox', 'radio', 'file'].includes((el as HTMLInputElement).type)) return own
      return [own, ...Array.from(labels, (label) => label.getBoundingClientRect())].reduce((a, b) =>
        b.width * b.height > a.width * a.height ? b : a,
      )
    }
    const targets = Array.from(document.querySelectorAll(selector))
      .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .map((el) => ({ el, box: boxOf(el) }))
      // Visually hidden until focused (the skip link, a file input under its label button).
      .filter(({ box }) => box.width > 1 && box.height > 1)
    const small = targets.filter(({ box }) => box.width < MIN - 0.5 || box.height < MIN - 0.5)
    const centre = (box: DOMRect) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 })
    const circleHitsBox = (c: { x: number; y: number }, box: DOMRect) => {
      const dx = Math.max(box.left - c.x, 0, c.x - box.right)
      const dy = Math.max(box.top - c.y, 0, c.y - box.bottom)
      return Math.hypot(dx, dy) < SPACING / 2
    }
    // Exception 2 (WCAG "spacing"): a circle centred on the small target touches no other
    // target, nor the circle of another small target.
    const spaced = (target: (typeof targets)[number]) => {
      const c = centre(target.box)
      return targets.every((other) => {
        if (other === target || other.el.contains(target.el) || target.el.contains(other.el)) return true
        if (circleHitsBox(c, other.box)) return false
        if (!small.includes(other)) return true
        const o = centre(other.box)
        return Math.hypot(c.x - o.x, c.y - o.y) >= SPACING
      })
    }
    const bigEnough = (target: (typeof targets)[number]) =>
      target.box.width >= FLOOR - 0.5 && target.box.height >= FLOOR - 0.5
    const failing = small.filter((target) => !inSentence(target.el) && !(bigEnough(target) && spaced(target)))
    const scroller = document.scrollingElement ?? document.documentElement
    return {
      small: failing.map(({ el, box }) => ({
        what: describe(el),
        width: Math.round(box.width),
        height: Math.round(box.height),
      })),
      overflow: scroller.scrollWidth - window.innerWidth,
    }
  })
}
