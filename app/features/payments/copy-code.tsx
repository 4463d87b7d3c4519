import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";

/** An access code shown large, selectable, with a button that copies it. */
export function CopyableCode({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success("Copied", "The code is on your clipboard.");
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      toast.error("Could not copy", "Select the code and copy it yourself.");
    }
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border-2 border-dashed border-primary/40 bg-secondary p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <output data-testid="access-code" className="font-mono text-xl font-bold tracking-wider break-all text-foreground select-all sm:text-2xl">
          {code}
        </output>
      </div>
      <Button type="button" variant="outline" onClick={copy} className="self-start sm:self-center">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? "Copied" : "Copy code"}
      </Button>
    </div>
  );
}
