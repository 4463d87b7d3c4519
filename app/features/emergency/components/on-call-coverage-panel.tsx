import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { OnCallCoverageWords } from "~/features/emergency/coverage-copy";

/**
 * A service page's emergency call-out panel: the gas number first, who is on call now (or nobody), and where to ask. The
 * words come from the loader, and it is built from the page's own card parts: service pages sit at
 * their 130 KB budget.
 */
export function OnCallCoveragePanel({ words }: { words: OnCallCoverageWords }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          {words.title}
        </CardTitle>
        {words.lines.map((line) => (
          <CardDescription key={line}>{line}</CardDescription>
        ))}
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={words.action.href}>{words.action.text}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
