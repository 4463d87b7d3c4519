import type { Route } from "./+types/emergency.on-call";
import { onCallCheck } from "~/features/emergency/requests.server";

/** GET /emergency/on-call?service=&postcode= → the on-call answer as JSON (rate limited per IP; decision 081). */
export const loader = ({ request, context }: Route.LoaderArgs) => onCallCheck(request, context);
