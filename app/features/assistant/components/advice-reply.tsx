import { fallbackReply } from "../advice";
import { type AdviceMatch, capitaliseCategory } from "../matcher";

/** One AI Fixer reply: the question in bold, the answer, the safety note and the category (spec §4.3). */
export function AdviceReply({ match }: { match: AdviceMatch }) {
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
