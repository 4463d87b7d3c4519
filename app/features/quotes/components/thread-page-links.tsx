import { Link } from "react-router";

/**
 * A thread's "Show earlier" (the page before the first message shown, a plain link: no JavaScript
 * needed; rel="next") and, on an earlier page, the way back to the latest messages (decision 068).
 */
export function ThreadPageLinks({ earlier, paged, anchor, keep = "" }: { earlier: number | null; paged: boolean; anchor: string; keep?: string }) {
  if (earlier === null && !paged) return null;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {earlier !== null ? (
        <Link to={`?${keep}before=${earlier}#${anchor}`} rel="next" className="font-medium text-primary underline underline-offset-4">
          Show earlier messages
        </Link>
      ) : null}
      {paged ? (
        <Link to={`?${keep}#${anchor}`} className="font-medium text-primary underline underline-offset-4">
          Back to the latest messages
        </Link>
      ) : null}
    </p>
  );
}

/**
 * Below an earlier page's messages, before the message box: these are not the latest, and the way
 * to them (`keep`: the page's other query, "name=value&", e.g. the page of quotes shown). Without it the page reads as if the conversation ended with the last message shown.
 */
export function ThreadPageEnd({ paged, anchor, keep = "" }: { paged: boolean; anchor: string; keep?: string }) {
  if (!paged) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Newer messages follow these.{" "}
      <Link to={`?${keep}#${anchor}`} className="font-medium text-primary underline underline-offset-4">
        Show the latest messages
      </Link>
    </p>
  );
}
