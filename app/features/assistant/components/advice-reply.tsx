import { Link } from "~/lib/routing";
import { AppStoreBadges, useAppStoreLinks } from "~/components/content/app-store-badges";
import { findService } from "~/content/services";
import { fallbackReply } from "~/features/assistant/advice";
import { gasEmergencyNumber } from "~/features/assistant/emergencies";
import type { AdviceMatch } from "~/features/assistant/matcher";
import { capitaliseCategory } from "~/features/assistant/reply-format";

const linkClass = "font-semibold text-primary underline underline-offset-2";

/** One AI Fixer reply: the question in bold, the answer, the safety note and the category. */
export function AdviceReply({ match }: { match: AdviceMatch }) {
  if (match.kind === "emergency") {
    const { emergency } = match;
    const service = emergency.service ? findService(emergency.service) : undefined;
    return (
      <div className="space-y-2" data-testid="emergency-reply">
        <p className="rounded-md bg-destructive px-2 py-1 font-bold text-destructive-foreground">⚠️ {emergency.title}</p>
        <ol className="list-decimal space-y-1 pl-5">
          {emergency.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="font-medium">{emergency.professional}</p>
        {emergency.id === "gas" ? (
          <p>
            <a href={gasEmergencyNumber.href} className={linkClass}>
              Call {gasEmergencyNumber.display}
            </a>
          </p>
        ) : service ? (
          <p>
            <Link to={service.href} className={linkClass}>
              When it is safe: find a registered electrician
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  if (match.kind === "site") return <SiteAnswerReply answer={match.answer} />;
  if (match.kind === "fallback") {
    return (
      <div className="space-y-2">
        <p>{fallbackReply.intro}</p>
        <ul className="list-disc space-y-0.5 pl-5">
          {fallbackReply.areas.map((area) => (
            <li key={area}>{area}</li>
          ))}
        </ul>
        <p>
          {fallbackReply.examplesIntro}{" "}
          {fallbackReply.examples.map((example, i) => (
            <span key={example}>
              {i > 0 ? ", " : null}&lsquo;{example}&rsquo;
            </span>
          ))}
          .
        </p>
        <p className="font-medium">{fallbackReply.safetyFirst}</p>
      </div>
    );
  }
  const { entry } = match;
  return (
    <div className="space-y-2">
      <p>
        <strong>{entry.question}</strong>
      </p>
      <p className="whitespace-pre-line">{entry.answer}</p>
      <p className="rounded-md bg-background/70 p-2 font-medium">{entry.safety}</p>
      <p className="text-small text-muted-foreground">Category: {capitaliseCategory(entry.category)}</p>
    </div>
  );
}

function SiteAnswerReply({ answer }: { answer: Extract<AdviceMatch, { kind: "site" }>["answer"] }) {
  const stores = useAppStoreLinks();
  return (
    <div className="space-y-2">
      <p>{answer.text}</p>
      {answer.appBadges ? <AppStoreBadges links={stores} /> : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {answer.links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
