/**
 * zod, as the app's schemas import it. On its first parse zod probes for eval with `new Function("")`
 * and catches the refusal, but the browser still reports the probe as a violation of our CSP, which
 * allows no eval: a console error and a `securitypolicyviolation` event on every page whose form a
 * visitor touches. Jitless parsing skips the probe. The server has no such policy and keeps zod's
 * compiled parsers.
 */
import { z } from "zod";
import { parseId } from "./ids";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };

/**
 * A record id sent in a form field, read by `parseId` (./ids.ts): a positive whole number written
 * without a leading zero; anything else fails with `message` (the action answers 400).
 */
export const idField = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
