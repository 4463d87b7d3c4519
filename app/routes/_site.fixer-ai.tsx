import type { Route } from "./+types/_site.fixer-ai";
import { getOptionalUser } from "~/features/auth/guard.server";
import { DeferredFixerChat } from "~/features/assistant/components/deferred-fixer-chat";
import { FixerAiLanding } from "~/features/assistant/components/fixer-ai-landing";
import { Island } from "~/lib/islands/island";
import { pageMeta } from "~/lib/seo";

/** Signed out, the landing view is served as islands: the header, the view and the footer hydrate, without React Router (decision 037). */
export const handle = { islands: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "AI Fixer", description: "Instant, safe home-repair advice for UK homes.", path: "/fixer-ai" });

/** Signed-in visitors get the chat; everyone else the public landing view, which says what it is and asks them to sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return { signedIn: user !== null };
}

export default function FixerAiPage({ loaderData }: Route.ComponentProps) {
  // The chat is only ever rendered for a signed-in visitor, so it never reaches a signed-out page's HTML.
  if (loaderData.signedIn) return <DeferredFixerChat />;
  return (
    <Island name="fixer-ai-landing">
      <FixerAiLanding />
    </Island>
  );
}
