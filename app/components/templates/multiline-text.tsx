// Text with line breaks shown as HTML breaks, without dangerouslySetInnerHTML: each
// line is a text node, so nothing in a caption can inject markup.
import { Fragment } from 'react'

export function MultilineText({ text, className }: { text: string; className?: string }) {
  const lines = text.split(/\r?\n/)
  return (
    <p className={className}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </p>
  )
}
