/**
 * zod, as the app's schemas import it. On its first parse zod probes for eval with `new Function("")`
 * and catches the refusal, but the browser still reports the probe as a violation of our CSP, which
 * allows no eval: a console error and a `securitypolicyviolation` event on every page whose form a
 * visitor touches. Jitless parsing skips the probe. The server has no such policy and keeps zod's
 * compiled parsers.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
