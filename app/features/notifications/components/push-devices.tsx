import { useId, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { notificationsCopy } from "~/features/notifications/copy";
import { notificationPaths } from "~/features/notifications/kinds";
import { DEVICE_NAME_MAX } from "~/features/notifications/schemas";
import type { FormResult } from "~/lib/forms/result";
import { useHydrated } from "~/lib/use-hydrated";

const copy = notificationsCopy.devices;
const added = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });

export type PushDeviceRow = { id: number; name: string; createdAt: string };

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * "Notify me on this device": asks the browser's permission, subscribes it with the server's VAPID
 * key (through the service worker at /sw.js, registered here if the page has not yet) and posts
 * the subscription. A subscription made under an older key (the server's pair was changed) is
 * replaced. Needs JavaScript by nature; says so without it.
 */
export function NotifyThisDevice({ publicKey }: { publicKey: string | null }) {
  const fetcher = useFetcher<FormResult>();
  const nameId = useId();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const ready = useHydrated();

  async function turnOn() {
    setProblem(null);
    if (!publicKey) return setProblem(copy.unavailable);
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return setProblem(copy.unsupported);
    setWorking(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setProblem(copy.denied);
      if (!(await navigator.serviceWorker.getRegistration("/"))) await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const key = keyBytes(publicKey);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      const json = subscription.toJSON();
      await fetcher.submit(
        { intent: "subscribe", endpoint: json.endpoint ?? "", p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "", name },
        { method: "post", action: notificationPaths.pushDevices },
      );
    } catch {
      setProblem(copy.failed);
    } finally {
      setWorking(false);
    }
  }

  const answer = fetcher.data;
  const busy = working || fetcher.state !== "idle";
  const said = problem ?? (busy ? copy.working : answer?.message ?? "");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={nameId}>{copy.nameLabel}</Label>
        <Input id={nameId} name="name" value={name} onChange={(event) => setName(event.target.value)} maxLength={DEVICE_NAME_MAX} placeholder={copy.namePlaceholder} autoComplete="off" className="sm:max-w-sm" />
      </div>
      <Button type="button" onClick={() => void turnOn()} disabled={!ready || busy} className="self-start">
        {copy.button}
      </Button>
      <noscript>
        <p className="text-sm text-muted-foreground">{copy.noScript}</p>
      </noscript>
      <p role="status" className={`text-sm empty:hidden ${problem || answer?.status === "error" || answer?.status === "invalid" ? "text-destructive" : "text-muted-foreground"}`}>
        {said}
      </p>
    </div>
  );
}

/** The person's devices, each with when it was added and a Remove button (a plain form: works without JavaScript). */
export function PushDeviceList({ devices }: { devices: PushDeviceRow[] }) {
  const headingId = useId();
  return (
    <div className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {copy.listTitle}
      </h3>
      {devices.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{copy.none}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-card p-3">
              <div className="flex min-w-0 flex-col">
                <span className="break-words font-medium">{device.name}</span>
                <span className="text-sm text-muted-foreground">
                  {copy.added} <time dateTime={device.createdAt}>{added.format(new Date(device.createdAt))}</time>
                </span>
              </div>
              <Form method="post" action={notificationPaths.pushDevices} reloadDocument className="shrink-0">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={device.id} />
                <Button type="submit" variant="outline" size="sm">
                  {copy.remove}
                  <span className="sr-only">: {device.name}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
