/** The name of the field only a bot fills in; every form's server drops a submission that carries it. */
export const HONEYPOT_FIELD = "company_website";

/** Off-screen and hidden from assistive technology, so a person never meets it. */
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
