import { FIXER_HONEYPOT_FIELD } from "./rules";

/** The field a person never sees (hidden from sight and from screen readers); a bot that fills it is dropped. */
export function FixerHoneypot() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={FIXER_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
