import { useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";

/**
 * A destructive action that asks first. With JavaScript: a dialog. Without: the button is a link
 * to `?confirm=<name>`, which shows the same question inline with the real submit button.
 */
export function ConfirmAction({
  name,
  trigger,
  title,
  description,
  confirmLabel,
  intent,
  fields = {},
}: {
  name: string;
  trigger: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  intent: string;
  fields?: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const params = new URLSearchParams(location.search);
  const inline = params.get("confirm") === name;
  params.set("confirm", name);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  const form = (
    <Form method="post" action={location.pathname} onSubmit={() => setOpen(false)}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <Button type="submit" variant="destructive" loading={busy}>
        {confirmLabel}
      </Button>
    </Form>
  );

  if (inline && !hydrated) {
    return (
      <div role="alertdialog" aria-labelledby={`${name}-title`} className="flex flex-col gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4">
        <p id={`${name}-title`} className="font-semibold">
          {title}
        </p>
        <div className="text-sm">{description}</div>
        <div className="flex flex-wrap gap-2">
          {form}
          <Button asChild variant="outline">
            <Link to={location.pathname}>Cancel</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <>
      <Button asChild variant="destructive" className="self-start">
        <Link
          to={`${location.pathname}?${params.toString()}`}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {trigger}
        </Link>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription asChild>
              <div>{description}</div>
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            {form}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
