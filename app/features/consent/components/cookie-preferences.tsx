import type { Dispatch, SetStateAction } from "react";
import { Switch } from "~/components/ui/switch";
import type { ConsentChoices } from "~/features/consent/consent";
import { cookieCategories } from "~/content/cookie-categories";

/** The cookie banner's preferences view: one switch per category, essential locked on. */
export function CookiePreferences({ titleId, draft, setDraft }: { titleId: string; draft: ConsentChoices; setDraft: Dispatch<SetStateAction<ConsentChoices>> }) {
  return (
    <ul className="mt-3 divide-y divide-border">
      {cookieCategories.map((t) => {
        const id = `${titleId}-${t.key}`;
        return (
          <li key={t.key} className="flex items-start justify-between gap-4 py-3">
            <div>
              <label htmlFor={id} className="font-medium">
                {t.name}
              </label>
              <p id={`${id}-desc`} className="text-small text-muted-foreground">
                {t.description}
              </p>
            </div>
            <Switch
              id={id}
              aria-describedby={`${id}-desc`}
              checked={draft[t.key]}
              disabled={t.key === "essential"}
              onCheckedChange={(checked) => {
                if (t.key !== "essential") setDraft((d) => ({ ...d, [t.key]: checked }));
              }}
              className="mt-1"
            />
          </li>
        );
      })}
    </ul>
  );
}
