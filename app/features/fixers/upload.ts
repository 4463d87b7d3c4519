import { onboardingMessages, onboardingUploadLimits } from "./portal-content";

/**
 * Browser side of the onboarding upload: quick checks of each chosen file (the server checks
 * again, by content, while the file streams), and the upload itself with XMLHttpRequest, whose
 * upload progress events fetch() does not offer.
 */

// The first bytes each extension must start with (the server checks the whole signature again).
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const JPEG = [0xff, 0xd8, 0xff];
const MAGIC: Record<string, { at: number; bytes: readonly number[] }> = {
  ".pdf": { at: 0, bytes: PDF },
  ".doc": { at: 0, bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  ".docx": { at: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  ".jpg": { at: 0, bytes: JPEG },
  ".jpeg": { at: 0, bytes: JPEG },
  ".png": { at: 0, bytes: [0x89, 0x50, 0x4e, 0x47] },
  ".webp": { at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  // HEIC/HEIF: an ISO box, "ftyp" after its 4-byte size.
  ".heic": { at: 4, bytes: [0x66, 0x74, 0x79, 0x70] },
  ".heif": { at: 4, bytes: [0x66, 0x74, 0x79, 0x70] },
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot >= 0 ? name.slice(dot).toLowerCase() : "";
}

/** Why a chosen file cannot be sent (too large, or not a document or photo), or null when it looks right. */
export async function checkChosenFile(file: File): Promise<string | null> {
  const extension = extensionOf(file.name);
  if (!(onboardingUploadLimits.extensions as readonly string[]).includes(extension)) return onboardingMessages.badType;
  if (file.size > onboardingUploadLimits.maxFileBytes) return onboardingMessages.tooLarge;
  if (file.size === 0) return "The file is empty.";
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const magic = MAGIC[extension];
  if (!magic || !magic.bytes.every((byte, i) => head[magic.at + i] === byte)) return onboardingMessages.badType;
  return null;
}

export type UploadAnswer = { status: number; body: unknown };

/**
 * Sends the form to `url`, reporting per-file progress. The files travel one after another in the
 * request body, so the bytes sent so far tell how far each file has got.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  files: readonly File[],
  handlers: { onProgress: (fractions: number[]) => void; onUploaded: () => void },
  timeoutMs: number,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const total = files.reduce((sum, f) => sum + f.size, 0);
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || total === 0) return;
      // Text fields come first and are small: the rest of the body is the files, in order.
      const overhead = Math.max(0, event.total - total);
      const sentOfFiles = Math.max(0, event.loaded - overhead);
      let start = 0;
      handlers.onProgress(
        files.map((file) => {
          const fraction = file.size === 0 ? 1 : Math.min(1, Math.max(0, (sentOfFiles - start) / file.size));
          start += file.size;
          return fraction;
        }),
      );
    };
    xhr.upload.onload = () => {
      handlers.onProgress(files.map(() => 1));
      handlers.onUploaded();
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response });
    xhr.onerror = () => reject(new Error("network"));
    xhr.ontimeout = () => reject(new Error("timeout"));
    xhr.send(form);
  });
}
