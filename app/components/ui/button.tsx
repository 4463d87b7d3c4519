import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { Spinner } from "~/components/ui/spinner";
import { Slot } from "~/components/ui/slot";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-card hover:bg-primary/90",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        outline: "border border-input bg-background text-foreground hover:bg-muted",
        ghost: "text-foreground hover:bg-muted",
        /** Ghost in a quieter colour (toolbar actions such as Back). */
        muted: "text-muted-foreground hover:bg-muted hover:text-foreground",
        /** On a primary-coloured band. */
        inverse: "bg-white text-primary shadow-card hover:bg-blue-50",
        /** On a dark band. */
        light: "bg-white text-slate-900 shadow-card hover:bg-slate-100",
        /** Ghost on a coloured band. */
        ghostInverse: "text-white hover:bg-white/10",
        /** The VIP call to action. */
        highlight: "bg-amber-400 text-slate-900 shadow-card hover:bg-amber-300",
        link: "text-primary underline-offset-4 hover:underline",
        destructive: "bg-destructive text-destructive-foreground shadow-card hover:bg-destructive/90",
        accent: "bg-accent text-accent-foreground shadow-card hover:bg-accent/90",
      },
      size: {
        sm: "h-9 px-3 text-sm",
        default: "h-11 min-w-11 px-5 text-base",
        lg: "h-12 px-7 text-base",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link, say) with button styles instead of a <button>. */
    asChild?: boolean;
    /** Shows a spinner, sets aria-busy and disables the button while work is under way. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return (
      <Slot
        data-slot="button"
        className={classes}
        aria-busy={loading || undefined}
        aria-disabled={disabled || loading || undefined}
        {...props}
      >
        {children}
      </Slot>
    );
  }
  return (
    <button
      data-slot="button"
      type={type ?? "button"}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner decorative /> : null}
      {children}
    </button>
  );
}
