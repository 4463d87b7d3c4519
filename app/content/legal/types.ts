/** A legal page: numbered sections, each a run of paragraphs, lists and link rows. */
export type LegalBlock = string | { list: string[] } | { links: { href: string; label: string }[] };

export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };

export type LegalDocument = {
  title: string;
  /** ISO date of the last change, shown as "Last updated". */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
};
