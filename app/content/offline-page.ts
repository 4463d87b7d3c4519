/** The words of /offline (decision 073). A file of its own, so that no other page's script carries them. */

/** The page a navigation gets when there is no connection (/offline). */
export const offlinePage = {
  title: "You are offline",
  description: "What works in the FixiT app without a connection.",
  intro: "There is no internet connection at the moment, so this page could not load. FixiT will carry on as soon as you are back online.",
  works: {
    title: "What works offline",
    items: [
      "Public pages you have opened before on this device — services, prices, how it works, help — open from your phone.",
      "The app itself starts, so you can find your way back when the connection returns.",
    ],
  },
  needsConnection: {
    title: "What needs a connection",
    items: [
      "Signing in, your account, jobs, quotes, messages and bookings: these are yours, so FixiT never keeps a copy on the device.",
      "Posting a job, sending a message or paying.",
    ],
  },
  retry: "Try again",
};
