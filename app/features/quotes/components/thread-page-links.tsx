import { Link } from "react-router";

/**
 * A thread's "Show earlier" (the page before the first message shown, a plain link: no JavaScript
 * needed; rel="next") and, on an earlier page, the way back to the latest messages (decision 068).
 */
export function ThreadPageLinks({ earlier, paged, anchor }: { earlier: number | null; paged: boolean; anchor: string }) {
  if (earlier === null && !paged) return null;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {earlier !== null ? (
        <Link to={`?before=${earlier}#${anchor}`} rel="next" className="font-medium text-primary underline underline-offset-4">
          Show earlier messages
        </Link>
      ) : null}
      {paged ? (
        <Link to={`?#${anchor}`} className="font-medium text-primary underline underline-offset-4">
          Back to the latest messages
        </Link>
      ) : null}
    </p>
  );
}

/**
 * Below an earlier page's messages, before the message box: these are not the latest, and the way
 * to them. Without it the page reads as if the conversation ended with the last message shown.
 */
export function ThreadPageEnd({ paged, anchor }: { paged: boolean; anchor: string }) {
  if (!paged) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Newer messages follow these.{" "}
      <Link to={`?#${anchor}`} className="font-medium text-primary underline underline-offset-4">
        Show the latest messages
      </Link>
    </p>
  );
}
