import { Cookie, X } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type MouseEvent } from "react";
import { Button } from "~/components/ui/button";
import { acceptAllChoices, rejectNonEssentialChoices, type ConsentChoices } from "~/features/consent/consent";
import { useConsent } from "~/features/consent/use-consent";
import { useLocation } from "~/lib/routing";

// The four toggles (and their switch component) load when someone opens the preferences.
const CookiePreferences = lazy(() => import("./cookie-preferences").then((m) => ({ default: m.CookiePreferences })));

/**
 * The cookie banner, fixed to the bottom of the viewport (it never pushes content). The server
 * renders it for a visitor whose request carries no cookie choice (`chosenOnServer` false), so it
 * is in the first paint; once the browser has read the stored choice, that decides.
 */
export function CookieBanner({ chosenOnServer }: { chosenOnServer: boolean }) {
  const { ready, consent, save, preferencesRequested } = useConsent();
  const { pathname } = useLocation();
  const [view, setView] = useState<"main" | "details">("main");
  const [dismissed, setDismissed] = useState(false);
  const [reopened, setReopened] = useState(false);
  const [draft, setDraft] = useState<ConsentChoices>(rejectNonEssentialChoices);
  const titleId = useId();
  const regionRef = useRef<HTMLElement>(null);

  // The footer's 'Cookie settings' opens the preferences with the current choice.
  useEffect(() => {
    // Wait until the stored choice has been read, so the toggles show it even when the footer
    // was clicked while the page was still starting.
    if (preferencesRequested === 0 || !ready) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a request from outside (the footer) reopens the banner
    setDraft(consent ?? rejectNonEssentialChoices);
    setView("details");
    setDismissed(false);
    setReopened(true);
    requestAnimationFrame(() => regionRef.current?.focus());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new request reopens it
  }, [preferencesRequested, ready]);

  if (dismissed) return null;
  if (!ready ? chosenOnServer : consent !== null && !reopened) return null;

  const choose = (choices: ConsentChoices) => {
    save(choices);
    setReopened(false);
    setView("main");
  };
  const chooseInPlace = (event: MouseEvent<HTMLButtonElement>, choices: ConsentChoices) => {
    event.preventDefault();
    choose(choices);
  };

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/98 shadow-overlay outline-none backdrop-blur sm:inset-x-4 sm:bottom-4 sm:mx-auto sm:max-w-3xl sm:rounded-2xl sm:border"
    >
      <div className="relative max-h-[80dvh] overflow-y-auto p-4 sm:p-6">
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className="absolute top-2 right-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close cookie banner</span>
        </button>
        <div className="flex items-center gap-3 pr-12">
          <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:inline-flex">
            <Cookie aria-hidden="true" className="size-5" />
          </span>
          <h2 id={titleId} className="text-h4 font-semibold">
            Cookie Preferences
          </h2>
        </div>

        {view === "main" ? (
          <>
            <p className="mt-2 text-small text-muted-foreground">
              We use essential cookies to make FixiT work. With your permission we would also like to use functional, analytics
              and marketing cookies. You can change your choice at any time from &lsquo;Cookie settings&rsquo; at the foot of every
              page. Read our{" "}
              <a href="/data-protection" className="font-medium text-primary underline underline-offset-2">
                Data Protection and Privacy Policy
              </a>
              .
            </p>
            {/* Without JavaScript the two choices post to /consent, which sets the mirrored cookie and
                comes back here; once the script runs, they save in place. A tap before then is held
                until this banner has hydrated (data-hold-submit, decision 041): the post's reload
                would wipe what the visitor types meanwhile. */}
            <form method="post" action="/consent" data-hold-submit="" className="mt-4 grid gap-2 sm:grid-cols-3">
              <input type="hidden" name="returnTo" value={pathname} />
              <Button type="submit" name="choice" value="all" onClick={(event) => chooseInPlace(event, acceptAllChoices)}>
                Accept All Cookies
              </Button>
              <Button type="submit" name="choice" value="essential" onClick={(event) => chooseInPlace(event, rejectNonEssentialChoices)}>
                Reject Non-Essential
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  setDraft(consent ?? rejectNonEssentialChoices);
                  setView("details");
                }}
              >
                Customize Preferences
              </Button>
            </form>
          </>
        ) : (
          <>
            <Suspense fallback={<p className="mt-3 text-small text-muted-foreground">Loading preferences…</p>}>
              <CookiePreferences titleId={titleId} draft={draft} setDraft={setDraft} />
            </Suspense>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              <Button onClick={() => choose(draft)}>Save Preferences</Button>
              <Button variant="outline" onClick={() => setView("main")}>
                Back
              </Button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
