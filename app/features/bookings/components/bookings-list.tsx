import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { BookingListPage } from "~/features/bookings/lists.server";
import { slotText } from "~/features/bookings/slots";

/** The "Bookings" lists (issue 52): each booking's job, the other side, its slot (UK), its state and the next step. */

// A slot's date is already a UK date: shown at noon UTC, it reads as that day whatever the clock.

export const bookingsListCopy = {
  customer: { title: "My bookings", intro: "Every booking you have made: when it is, its state, and what happens next.", back: { href: "/account", label: "My Account" }, other: "Fixer", empty: "No bookings yet. When you accept a quote and choose a slot, the booking shows here." },
  fixer: { title: "Bookings", intro: "Every booking customers made with you: when it is, its state, and what happens next.", back: { href: "/fixer", label: "Fixer dashboard" }, other: "Customer", empty: "No bookings yet. When a customer books one of your quotes, it shows here." },
} as const;

export function BookingsListView({ page }: { page: BookingListPage }) {
  const copy = bookingsListCopy[page.role];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={copy.back.href} className="text-primary hover:underline">
          {copy.back.label}
        </Link>
      </nav>
      <div>
        <h1 className="text-3xl font-bold">{copy.title}</h1>
        <p className="mt-2 text-muted-foreground">{copy.intro}</p>
      </div>
      {page.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center">{page.newestHref ? "No older bookings." : copy.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={copy.title}>
          {page.items.map((b) => (
            <li key={b.id}>
              <Link to={b.href} className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-card transition hover:border-primary/40" data-testid="booking-row">
                <span className="flex flex-wrap items-start justify-between gap-2">
                  <span className="min-w-0 font-semibold break-words">{b.title}</span>
                  <Badge variant="secondary">{b.status}</Badge>
                </span>
                <span className="text-sm text-muted-foreground">
                  {copy.other}: {b.otherParty} · {slotText(b.slot)}
                </span>
                <span className={`text-sm ${b.next.yours ? "font-semibold text-primary" : ""}`}>
                  {b.next.yours ? "Next: " : ""}
                  {b.next.text}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {page.olderHref || page.newestHref ? (
        <nav aria-label="More bookings" className="flex flex-wrap justify-between gap-3 text-sm font-medium">
          {page.newestHref ? (
            <Link to={page.newestHref} className="inline-flex min-h-11 items-center text-primary hover:underline">
              Newest bookings
            </Link>
          ) : (
            <span />
          )}
          {page.olderHref ? (
            <Link to={page.olderHref} className="inline-flex min-h-11 items-center text-primary hover:underline">
              Older bookings
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
