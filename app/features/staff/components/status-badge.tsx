import { Badge } from "~/components/ui/badge";
import { statusLabel, statusTone, type BadgeTone } from "~/features/staff/status";

/** A stored status as a coloured badge ("changes_requested" → "Changes requested", accent). */
export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={statusTone(status)}>{statusLabel(status)}</Badge>;
}

/** A badge from an already rendered cell (lists send text and tone). */
export function ToneBadge({ text, tone }: { text: string; tone: BadgeTone }) {
  return <Badge variant={tone}>{text}</Badge>;
}
