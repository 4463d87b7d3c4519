import { useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PHOTO_FIELD, photoAccept } from "~/lib/photos/limits";

/**
 * The photo forms' two pieces of page (a message's photos, a job marked done): the picker, and the
 * stored photos as thumbnails. The pipeline behind them is app/lib/photos/photos.server.ts.
 */

/** Thumbnail side in CSS pixels (fixed, so nothing moves as they load). */
const THUMB = 80;

/** Photos as thumbnails, each a link to the full photo at its private URL (`href` of each). */
export function PhotoThumbnails({ photos, label, alt, testId }: { photos: readonly { id: number; href: string }[]; label: string; alt: (index: number, count: number) => string; testId?: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-2" aria-label={label}>
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <a href={photo.href} className="block rounded-md focus-visible:outline-2 focus-visible:outline-primary">
            <img
              src={photo.href}
              alt={alt(i, photos.length)}
              width={THUMB}
              height={THUMB}
              loading="lazy"
              data-testid={testId}
              className="size-20 rounded-md border border-border bg-muted object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A photo picker for a multipart form (a plain POST: it works without JavaScript). Choosing more
 * than `max` says so at once, in the server's words (`tooMany`); the server still refuses them.
 */
export function PhotosField({ id, max, tooMany, error, label = "Photos" }: { id: string; max: number; tooMany: string; error?: string; label?: string }) {
  const [over, setOver] = useState(false);
  return (
    <Field id={id} label={label} hint={`Up to ${max} photos, JPEG, PNG or WebP, 10 MB each.`} error={over ? tooMany : error}>
      {(control) => (
        <Input
          {...control}
          type="file"
          name={PHOTO_FIELD}
          accept={photoAccept}
          multiple
          onChange={(event) => setOver((event.currentTarget.files?.length ?? 0) > max)}
        />
      )}
    </Field>
  );
}
