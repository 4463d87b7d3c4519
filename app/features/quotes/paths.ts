/**
 * The pages of the quotes marketplace that emails and other pages link to. The routes must answer
 * at these paths; this is the one place that names them.
 */
export const quotePaths = {
  request: "/request",
  customerJobs: "/account/jobs",
  customerJob: (jobId: number) => `/account/jobs/${jobId}`,
  fixerDashboard: "/fixer",
  fixerJob: (jobId: number) => `/fixer/jobs/${jobId}`,
  fixerProfile: (slug: string) => `/fixers/${slug}`,
  /** The job form with a fixer invited ("Request a quote from this fixer" on their profile). */
  requestWithFixer: (slug: string, service: string | null) => `/request?${new URLSearchParams(service ? { fixer: slug, service } : { fixer: slug })}`,
  /** A job photo, served privately to the job's customer and fixers who may see the job. */
  jobPhoto: (jobId: number, photoId: number) => `/jobs/${jobId}/photos/${photoId}`,
  /** A photo sent in a message, served privately to that thread's customer and fixer (and staff). */
  messagePhoto: (jobId: number, photoId: number) => `/jobs/${jobId}/message-photos/${photoId}`,
  /** A photo kept with a signed-out visitor's draft, served only to that draft's browser (or its account). */
  draftPhoto: (photoId: string) => `/request/draft/photos/${photoId}`,
  /** POST: "Start a new job" (the draft is deleted). */
  discardDraft: "/request/draft",
} as const;
