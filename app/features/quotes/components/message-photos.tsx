import { useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { MessagePhoto } from "~/features/live/live-events";
import { photoAccept, quoteLimits, tooManyMessagePhotos } from "~/features/quotes/job-fields";
import { quotePaths } from "~/features/quotes/paths";

/** Thumbnail side in CSS pixels (fixed, so nothing moves as they load). */
const THUMB = 80;

/** A message's photos as thumbnails, each a link to the full photo (private: the thread's two people and staff). */
export function MessagePhotos({ jobId, photos, from }: { jobId: number; photos: readonly MessagePhoto[]; from: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-2" aria-label={`Photos from ${from}`}>
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <a href={quotePaths.messagePhoto(jobId, photo.id)} className="block rounded-md focus-visible:outline-2 focus-visible:outline-primary">
            <img
              src={quotePaths.messagePhoto(jobId, photo.id)}
              alt={`Photo ${i + 1} of ${photos.length} from ${from}`}
              width={THUMB}
              height={THUMB}
              loading="lazy"
              data-testid="message-photo"
              className="size-20 rounded-md border border-border bg-muted object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The message form's photo picker (the form is multipart: it works without JavaScript). Choosing
 * more than 3 says so at once, in the server's words; the server still refuses such a message.
 */
export function MessagePhotosField({ id, error }: { id: string; error?: string }) {
  const [tooMany, setTooMany] = useState(false);
  return (
    <Field id={id} label="Photos" hint={`Up to ${quoteLimits.photosPerMessage} photos, JPEG, PNG or WebP, 10 MB each.`} error={tooMany ? tooManyMessagePhotos : error}>
      {(control) => (
        <Input
          {...control}
          type="file"
          name="photos"
          accept={photoAccept}
          multiple
          className="h-auto py-2"
          onChange={(event) => setTooMany((event.currentTarget.files?.length ?? 0) > quoteLimits.photosPerMessage)}
        />
      )}
    </Field>
  );
}
