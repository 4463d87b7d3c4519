import { formatCount } from "~/content/format";

/** The live features' words (the header's Messages button). */
export const liveCopy = {
  badgeLabel: (count: number) => (count === 0 ? "Messages, none unread" : `Messages, ${formatCount(count)} unread`),
} as const;
