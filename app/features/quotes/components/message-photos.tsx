import { PhotosField, PhotoThumbnails } from "~/components/photos";
import type { MessagePhoto } from "~/features/live/live-events";
import { quoteLimits, tooManyMessagePhotos } from "~/features/quotes/job-fields";
import { quotePaths } from "~/features/quotes/paths";

/** A message's photos as thumbnails, each a link to the full photo (private: the thread's two people and staff). */
export function MessagePhotos({ jobId, photos, from }: { jobId: number; photos: readonly MessagePhoto[]; from: string }) {
  return (
    <PhotoThumbnails
      photos={photos.map((photo) => ({ id: photo.id, href: quotePaths.messagePhoto(jobId, photo.id) }))}
      label={`Photos from ${from}`}
      alt={(i, n) => `Photo ${i + 1} of ${n} from ${from}`}
      testId="message-photo"
    />
  );
}

/**
 * The message form's photo picker (the form is multipart: it works without JavaScript). Choosing
 * more than 3 says so at once, in the server's words; the server still refuses such a message.
 */
export function MessagePhotosField({ id, error }: { id: string; error?: string }) {
  return <PhotosField id={id} max={quoteLimits.photosPerMessage} tooMany={tooManyMessagePhotos} error={error} />;
}
