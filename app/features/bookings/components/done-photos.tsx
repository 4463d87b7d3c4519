import { PhotoThumbnails } from "~/components/photos";
import { bookingPaths } from "~/features/bookings/paths";

/** The photos the fixer added when marking the job done, as thumbnails linking to each (private: the booking's two people and staff). */
export function DonePhotos({ bookingId, photos, from = "the fixer" }: { bookingId: number; photos: readonly { id: number }[]; from?: string }) {
  return (
    <PhotoThumbnails
      photos={photos.map((photo) => ({ id: photo.id, href: bookingPaths.donePhoto(bookingId, photo.id) }))}
      label={`Photos from ${from}`}
      alt={(i, n) => `Photo ${i + 1} of ${n} from ${from}`}
      testId="done-photo"
    />
  );
}
