/**
 * Where a customer posts a job (the quotes marketplace's /request page), with the service chosen
 * when one is known. Service pages, the home hero and the assistant link here.
 */
export const jobRequestPath = "/request";

export function requestPathFor(serviceSlug?: string): string {
  return serviceSlug ? `${jobRequestPath}?service=${encodeURIComponent(serviceSlug)}` : jobRequestPath;
}

export const postJobLink = (serviceSlug?: string) => ({ label: "Post a job", href: requestPathFor(serviceSlug) });
