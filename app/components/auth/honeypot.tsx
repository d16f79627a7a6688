// A field people never see or fill in; bots that fill every input give themselves away.
import { HONEYPOT_FIELD } from '~/domain/auth-constraints'

export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Deixe este campo em branco
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
