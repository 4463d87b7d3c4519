import { humanise } from "~/features/staff/status";
import { DetailList } from "./page-header";

/** A JSON object (form data, event details, payment references) as label/value pairs. */
export function JsonDetails({ value, empty = "Nothing recorded." }: { value: Record<string, unknown> | null | undefined; empty?: string }) {
  const entries = Object.entries(value ?? {});
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <DetailList
      items={entries.map(([key, v]) => ({
        label: humanise(key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()),
        value: Array.isArray(v) ? v.map(String).join(", ") : v !== null && typeof v === "object" ? JSON.stringify(v) : v === null || v === undefined ? "" : String(v),
        wide: true,
      }))}
    />
  );
}
