import { Star } from "lucide-react";
import { cn } from "~/lib/utils";

/** Five stars, read by screen readers as one phrase: "Rated 4 out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className={cn("flex gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          data-filled={n <= rating}
          className={cn("size-5", n <= rating ? "fill-amber-400 text-amber-500" : "fill-transparent text-slate-300")}
        />
      ))}
    </div>
  );
}
