import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { services } from "~/content/services";
import { checkKinds, checkLabels, missingChecks, type CheckKind } from "~/features/fixers/required-checks";
import { formatDateTime } from "~/features/staff/format";

export type RecordedCheckRow = { kind: string; evidence: string; documentId: number | null; checkedAt: Date | string; staffEmail: string | null };

/**
 * The vetting checks of an application's fixer (decision 065): each kind recorded (evidence, date,
 * who) or a form to record it, and the services the recorded checks unlock. Plain forms: they work
 * without JavaScript; the server checks the staff role and the input again.
 */
export function ChecksPanel({
  checks,
  documents,
  suggested,
  canRecord,
}: {
  checks: RecordedCheckRow[];
  documents: { id: number; folder: string; originalName: string }[];
  /** What the fixer gave for each kind (a number or share code), offered as the evidence. */
  suggested: Partial<Record<CheckKind, string | null>>;
  canRecord: boolean;
}) {
  const byKind = new Map(checks.map((c) => [c.kind, c]));
  const unlocked = services.filter((s) => missingChecks(s.slug, byKind.keys()).length === 0);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Record a check only after you have looked at the evidence yourself. A fixer gets leads and may quote only for services whose checks are all recorded;
        the public profile shows each recorded check with its date.
      </p>
      <ul className="flex flex-col divide-y divide-border">
        {checkKinds.map((kind) => {
          const recorded = byKind.get(kind);
          return (
            <li key={kind} className="flex flex-col gap-2 py-3" data-check={kind}>
              <div className="flex flex-wrap items-baseline gap-2">
                <span className="font-medium">{checkLabels[kind].name}</span>
                <span className="text-sm text-muted-foreground">{checkLabels[kind].staffHint}</span>
              </div>
              {recorded ? (
                <p className="text-sm break-words">
                  Recorded: <strong>{recorded.evidence}</strong> · {formatDateTime(recorded.checkedAt)} · {recorded.staffEmail ?? "a former staff member"}
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">Not recorded.</p>
              )}
              {canRecord ? (
                <Form method="post" className="grid grid-cols-1 gap-2 sm:grid-cols-2 sm:items-end">
                  <input type="hidden" name="intent" value="check" />
                  <input type="hidden" name="kind" value={kind} />
                  <label className="flex flex-col gap-1 text-sm">
                    {checkLabels[kind].evidence}
                    <Input name="evidence" required minLength={2} maxLength={120} defaultValue={recorded?.evidence ?? suggested[kind] ?? ""} />
                  </label>
                  <label className="flex flex-col gap-1 text-sm">
                    Document
                    <NativeSelect name="documentId" defaultValue={recorded?.documentId ? String(recorded.documentId) : ""}>
                      <option value="">None</option>
                      {documents.map((d) => (
                        <option key={d.id} value={d.id}>
                          {d.folder}: {d.originalName}
                        </option>
                      ))}
                    </NativeSelect>
                  </label>
                  <Button type="submit" variant="outline" className="justify-self-start sm:col-span-2">
                    {recorded ? "Record again" : "Record check"}
                  </Button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-sm" data-testid="unlocked-services">
        <span className="font-medium">Services these checks allow:</span> {unlocked.length ? unlocked.map((s) => s.name).join(", ") : "none yet"}.
      </p>
    </div>
  );
}
