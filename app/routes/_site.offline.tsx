import type { Route } from "./+types/_site.offline";
import { Container, PageHero } from "~/components/content/layout";
import { offlinePage } from "~/content/offline-page";
import { pageMeta } from "~/lib/seo";

/**
 * What the service worker shows when a navigation fails for want of a connection (decision 073). The
 * worker fetches it once per version, without cookies, so it is the signed-out page; it is served
 * as islands (only the header and footer hydrate, from the precached assets).
 */
export const handle = { islands: true };

export const meta: Route.MetaFunction = () => pageMeta({ title: offlinePage.title, description: offlinePage.description, path: "/offline", noindex: true });

export default function OfflinePage() {
  return (
    <>
      <PageHero eyebrow="Offline" title={offlinePage.title} intro={offlinePage.intro} />
      <Container className="grid gap-8 pb-14 sm:pb-20 md:grid-cols-2">
        {[offlinePage.works, offlinePage.needsConnection].map((group) => (
          <section key={group.title} aria-label={group.title} className="rounded-2xl border border-border bg-card p-6">
            <h2 className="text-xl font-semibold">{group.title}</h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-muted-foreground">
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
        <p>
          {/* A link to the page the visitor wanted is the browser's own reload; this one goes home, which is kept once visited. */}
          <a href="/" className="font-semibold text-primary underline underline-offset-4">
            {offlinePage.retry}
          </a>
        </p>
      </Container>
    </>
  );
}
