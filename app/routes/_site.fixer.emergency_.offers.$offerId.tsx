import type { Route } from "./+types/_site.fixer.emergency_.offers.$offerId";
import { OfferPage } from "~/features/emergency/components/offer-page";
import { dispatchPaths, offerCopy } from "~/features/emergency/dispatch-copy";
import { offerPageAction, offerPageLoader } from "~/features/emergency/offer-pages.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta({ title: offerCopy.title, description: offerCopy.metaDescription, path: dispatchPaths.offer(Number(params.offerId)), noindex: true });

/** The offered fixer only: signed out → sign in; not an approved fixer → 403; anyone else's offer → 404 (decision 082). */
export const loader = (args: Route.LoaderArgs) => offerPageLoader(args);

/** Accept with an arrival estimate, or decline: a plain post, 303 back with a flash; taken by another fixer → 409. */
export const action = (args: Route.ActionArgs) => offerPageAction(args);

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function EmergencyOfferRoute({ loaderData }: Route.ComponentProps) {
  return <OfferPage data={loaderData} />;
}
