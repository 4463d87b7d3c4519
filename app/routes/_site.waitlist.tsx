import { data, Link } from "react-router";
import type { Route } from "./+types/_site.waitlist";
import { AreaWaitlistForm } from "~/features/quotes/components/area-waitlist-form";
import { areaWaitlistAction } from "~/features/quotes/area-waitlist.server";
import { parseCoveragePlace } from "~/features/quotes/postcodes";
import { quotePaths } from "~/features/quotes/paths";
import { serviceSlugs } from "~/features/quotes/job-fields";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Join the waitlist for your area", description: "Hear as soon as an approved FixiT fixer offers your service at your postcode.", path: "/waitlist" });

/** The form, filled in from ?service=&postcode= (a coverage check that found nobody yet). No query. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const service = params.get("service") ?? "";
  const place = parseCoveragePlace(params.get("postcode") ?? "");
  return data(
    { defaults: { service: (serviceSlugs as readonly string[]).includes(service) ? service : "", postcode: place?.postcode ?? "" } },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return areaWaitlistAction(request, context);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("cache-control") ? actionHeaders : loaderHeaders;
}

export default function AreaWaitlistPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">Join the waitlist for your area</h1>
        <p className="text-muted-foreground">
          Tell us the service and your postcode, and we'll email you once, as soon as an approved FixiT fixer starts covering it. Nothing to pay.
        </p>
        <p className="text-sm">
          Already know what you need?{" "}
          <Link to={quotePaths.request} className="font-medium text-primary underline underline-offset-2">
            Post your job instead
          </Link>
          : we keep it until a fixer covers your area, and email you then.
        </p>
      </div>
      <AreaWaitlistForm defaults={loaderData.defaults} />
    </div>
  );
}
