import type { Route } from "./+types/request.coverage";
import { coverageCheck } from "~/features/quotes/request.server";

/** GET /request/coverage?service=&postcode= → `{ covered, district }` (rate limited per IP). */
export const loader = ({ request, context }: Route.LoaderArgs) => coverageCheck(request, context);
