import type { Route } from "./+types/fixer.earnings[.]csv";
import { earningsCsvLoader } from "~/features/bookings/payouts-pages.server";

/** GET /fixer/earnings.csv: the earnings page's lines as a CSV download (approved fixers only). */
export const loader = (args: Route.LoaderArgs) => earningsCsvLoader(args);
