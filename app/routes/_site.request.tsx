import { data, Link } from "react-router";
import type { Route } from "./+types/_site.request";
import { getOptionalUser } from "~/features/auth/guard.server";
import { emergencyFormPath, jobFormPointer } from "~/features/emergency/job-form-pointer";
import { RequestForm } from "~/features/quotes/components/request-form";
import { requestCopy } from "~/features/quotes/request-copy";
import { quotePaths } from "~/features/quotes/paths";
import { requestFormData, submitJobRequest } from "~/features/quotes/request.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: requestCopy.title, description: "Post a home job and get quotes from approved local FixiT fixers.", path: quotePaths.request });

/**
 * Anyone may open and fill the form; what a signed-out visitor typed comes back after sign-in.
 * `?service=` and `?postcode=` fill it in (from a service page's postcode check); `?fixer=<slug>`
 * asks that fixer to quote (from their profile: one lookup of the slug).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return data(await requestFormData(request, context, user), { headers: { "cache-control": "private, no-store" } });
}

/** The job: signed out → kept and sent to sign in; signed in → checked, photos cleaned and stored, posted. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request, context);
  return submitJobRequest(request, context, user);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  if (!out.has("cache-control")) out.set("cache-control", loaderHeaders.get("cache-control") ?? "private, no-store");
  return out;
}

export default function RequestPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">{requestCopy.title}</h1>
        <p className="text-muted-foreground">{requestCopy.intro}</p>
        <p className="text-sm" data-testid="request-emergency">
          {jobFormPointer.text}{" "}
          <Link to={emergencyFormPath} className="font-medium text-primary underline underline-offset-2">
            {jobFormPointer.link}
          </Link>
        </p>
      </div>
      {/* A draft restored or discarded is a new form: its fields start again from the loader's values. */}
      <RequestForm key={loaderData.restored ? "draft" : "new"} defaults={loaderData.defaults} invited={loaderData.invited} signedIn={loaderData.signedIn} restored={loaderData.restored} keptPhotos={loaderData.keptPhotos} />
    </div>
  );
}
