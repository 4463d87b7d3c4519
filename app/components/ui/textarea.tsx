import type * as React from "react";
import { fieldClasses } from "~/components/ui/input";
import { cn } from "~/lib/utils";

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" rows={rows} className={cn(fieldClasses, "min-h-24 py-2.5", className)} {...props} />;
}
