import type { Route } from "./+types/_site.recruitment";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { company } from "~/content/company";
import { findJob } from "~/content/jobs";
import { RecruitmentForm } from "~/features/forms/recruitment-form";
import { recruitmentAction } from "~/features/forms/recruitment.server";
import { formClientAction } from "~/features/forms/client-action";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Apply to Join the Team",
    description: "Send your application for a role at FixiT.",
    path: "/recruitment",
  });

/** ?position=<job id> (from a job card on /careers) pre-selects that role. */
export function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("position") ?? "";
  return { defaultPosition: findJob(id.slice(0, 100))?.title };
}

export const action = (args: Route.ActionArgs) => recruitmentAction(args);

/** The action's headers (Retry-After on a 429) reach the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}
export const clientAction = (args: Route.ClientActionArgs) => formClientAction(args);

export default function RecruitmentPage({ loaderData }: Route.ComponentProps) {
  const head = company.operationsHead;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 lg:py-14">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{`${company.brand} Recruitment`}</h1>
        <p className="text-muted-foreground">
          {`Managed by ${head.name}, ${head.title}`}
        </p>
      </header>
      <Card aria-labelledby="application-form-heading">
        <CardHeader>
          <CardTitle as="h2" id="application-form-heading">
            Application Form
          </CardTitle>
          <CardDescription>Tell us about yourself. Fields marked * are required.</CardDescription>
        </CardHeader>
        <CardContent>
          <RecruitmentForm key={loaderData.defaultPosition ?? "none"} defaultPosition={loaderData.defaultPosition} />
        </CardContent>
      </Card>
    </div>
  );
}
