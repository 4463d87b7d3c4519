import { Link } from "react-router";
import type { LegalBlock, LegalDocument } from "~/content/legal/types";
import { Container } from "~/components/content/layout";
import { formatLongDate } from "~/content/dates";

const formatDate = (iso: string) => formatLongDate(new Date(iso));

/** A numbered legal text with a table of contents of anchor links (sticky beside the text on wide screens). */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <Container className="py-10 sm:py-14">
      <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <TableOfContents sections={document.sections} />
        <article className="min-w-0 max-w-3xl">
          <p className="text-small text-muted-foreground">
            Last updated <time dateTime={document.lastUpdated}>{formatDate(document.lastUpdated)}</time>
          </p>
          <p className="mt-4 text-lg text-pretty">{document.intro}</p>
          {document.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-h3 font-semibold">
                <span className="mr-2 text-primary tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-3 space-y-3 text-pretty text-muted-foreground">
                {section.blocks.map((block, i) => (
                  <Block key={i} block={block} />
                ))}
              </div>
            </section>
          ))}
        </article>
      </div>
    </Container>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  if ("list" in block)
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-primary">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return (
    <p className="flex flex-wrap gap-x-6 gap-y-2">
      {block.links.map((link) => (
        <Link key={link.href} to={link.href} className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
          {link.label}
        </Link>
      ))}
    </p>
  );
}

export function TableOfContents({ sections }: { sections: readonly { id: string; title: string }[] }) {
  return (
    <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start">
      <div className="rounded-xl border border-border bg-muted/60 p-5">
        <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-foreground uppercase">
          Contents
        </h2>
        <ol className="mt-3 space-y-1 text-small">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="flex min-h-8 items-baseline gap-2 rounded-md py-1 text-muted-foreground hover:text-primary"
              >
                <span className="w-5 shrink-0 text-right tabular-nums">{index + 1}.</span>
                <span>{section.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}
