import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "~/lib/routing";
import { AppStoreBadges, useAppStoreLinks } from "~/components/content/app-store-badges";
import { footerInstall, hasAnyStore, type AppStoreLinks } from "~/content/app-stores";
import { company } from "~/content/company";
import { footerNav, type NavLink } from "~/content/navigation";
import { Logo } from "./logo";

function LinkColumn({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((l) => (
          <li key={l.href}>
            <Link to={l.href} className="inline-flex min-h-9 items-center text-slate-300 hover:text-white hover:underline">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const footerClassName = "bg-slate-900 text-slate-300";

/** The site footer: company and resources links, contact block, social links, cookie settings. */
/** `onCookieSettings` reopens the cookie preferences (the consent feature owns them). */
export function Footer({ onCookieSettings }: { onCookieSettings: () => void }) {
  const year = new Date().getFullYear();
  const appStores = useAppStoreLinks();
  return (
    <footer className={footerClassName}>
      <FooterContent year={year} appStores={appStores} onCookieSettings={onCookieSettings} />
    </footer>
  );
}

/**
 * What is inside the <footer>: the same for every visitor and page, given the year and the store
 * links, so the server renders it once per process (./server-footer.tsx).
 */
export function FooterContent({ year, appStores, onCookieSettings }: { year: number; appStores: AppStoreLinks; onCookieSettings: () => void }) {
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr] lg:px-8">
        <div>
          <Logo tone="light" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed">
            The UK home-services marketplace. Book trusted, vetted fixers for repairs, cleaning, moving and care.
          </p>
          <ul aria-label="FixiT on social media" className="mt-5 flex flex-wrap gap-2">
            {company.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex min-h-10 items-center rounded-full border border-slate-700 px-3.5 text-sm text-slate-200 hover:border-slate-500 hover:text-white"
                >
                  {s.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          {/* Store badges only when a store address is set; otherwise the installable web app (decision 073). */}
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-white uppercase">Get the app</h2>
          {hasAnyStore(appStores) ? (
            <AppStoreBadges links={appStores} tone="dark" className="mt-3" />
          ) : (
            // A link to the install offer and its steps on /early-access, no script of its own.
            <a href={footerInstall.href} className="mt-3 inline-flex min-h-11 items-center rounded-md bg-white px-5 font-medium text-slate-900 [@media(display-mode:standalone)]:hidden">
              {footerInstall.label}
            </a>
          )}
        </div>
        <LinkColumn title="Company" links={footerNav.company} />
        <LinkColumn title="Resources" links={footerNav.resources} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <address className="mt-3 space-y-3 text-sm not-italic">
            <a href={`mailto:${company.email}`} className="flex items-center gap-2.5 hover:text-white">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              {company.email}
            </a>
            <a href={company.phoneHref} className="flex items-center gap-2.5 hover:text-white">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              {company.phone}
            </a>
            <p className="flex gap-2.5">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
              <span>{company.registeredOffice}</span>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {year} {company.legalName}. Registered in England No. {company.registeredInEnglandNo}. A wholly owned subsidiary of{" "}
            {company.parent.name}.
          </p>
          <button
            type="button"
            onClick={onCookieSettings}
            className="inline-flex min-h-10 w-fit cursor-pointer items-center text-slate-200 underline underline-offset-4 hover:text-white"
          >
            Cookie settings
          </button>
        </div>
      </div>
    </>
  );
}
