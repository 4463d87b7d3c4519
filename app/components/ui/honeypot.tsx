import { HONEYPOT_FIELD } from "~/lib/forms/parse";

/** Off-screen and hidden from assistive technology, so a person never meets it; a bot fills it in. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
