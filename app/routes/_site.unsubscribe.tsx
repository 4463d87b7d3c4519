import { Form, Link } from "react-router";
import type { Route } from "./+types/_site.unsubscribe";
import { Button } from "~/components/ui/button";
import { notificationsCopy } from "~/features/notifications/copy";
import { notificationPaths } from "~/features/notifications/kinds";
import { unsubscribeAction, unsubscribeLoader, type UnsubscribePage } from "~/features/notifications/pages.server";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = () => pageMeta({ title: notificationsCopy.unsubscribe.title, description: notificationsCopy.unsubscribe.explain, path: "/unsubscribe", noindex: true });

/** No sign-in: the signed token in the link says who and which emails (decision 049). */
export function loader({ request, context }: Route.LoaderArgs) {
  return unsubscribeLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return unsubscribeAction(request, context);
}

export function headers() {
  return { "cache-control": "private, no-store", "referrer-policy": "no-referrer" };
}

const copy = notificationsCopy.unsubscribe;

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const page: UnsubscribePage = actionData ?? loaderData;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold">{copy.title}</h1>
      {page.state === "refused" ? (
        <p role="alert">{page.message}</p>
      ) : page.state === "done" ? (
        <p role="status">{copy.done(page.what)}</p>
      ) : (
        <>
          <p className="text-lg font-medium">{copy.confirm(page.what)}</p>
          <p className="text-muted-foreground">{copy.explain}</p>
          <Form method="post" className="self-start">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit">{copy.button}</Button>
          </Form>
        </>
      )}
      {page.state === "confirm" ? null : (
        <Link to={notificationPaths.settings} className="self-start text-primary hover:underline">
          {copy.accountLink}
        </Link>
      )}
    </div>
  );
}
