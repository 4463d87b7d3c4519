/**
 * Reads a server-sent event stream as a browser's EventSource would (the fields it uses: id,
 * event, data; comment lines kept apart), for the live-thread tests.
 */
export type StreamEvent = { id?: string; event: string; data: string };

export class EventReader {
  events: StreamEvent[] = [];
  comments: string[] = [];
  private buffer = "";
  private waiters: (() => void)[] = [];
  done = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(readonly response: Response) {
    this.reader = response.body!.getReader();
    void this.pump();
  }

  private async pump() {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf("\n\n")) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const event: StreamEvent = { event: "message", data: "" };
          let hasData = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) event.id = line.slice(4);
            else if (line.startsWith("event: ")) event.event = line.slice(7);
            else if (line.startsWith("data: ")) {
              event.data += line.slice(6);
              hasData = true;
            }
          }
          if (hasData) this.events.push(event);
          for (const wake of this.waiters.splice(0)) wake();
        }
      }
    } catch {
      /* cancelled */
    } finally {
      this.done = true;
      for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** The first event (from `from` on) that `match` accepts; fails after `timeoutMs`. */
  async next(match: (e: StreamEvent) => boolean, { timeoutMs = 3_000, from = 0 } = {}): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.done) throw new Error(`stream ended without the event; saw ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event within ${timeoutMs} ms; saw ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  messages() {
    return this.events.filter((e) => e.event === "message").map((e) => JSON.parse(e.data) as { id: number; body: string | null; fromMe: boolean; fixerUserId: string });
  }

  async close() {
    await this.reader.cancel().catch(() => {});
  }
}

export const isMessage = (body: string) => (e: StreamEvent) => e.event === "message" && (JSON.parse(e.data) as { body: string }).body === body;
export const isUnread = (count: number) => (e: StreamEvent) => e.event === "unread" && (JSON.parse(e.data) as { count: number }).count === count;

/** The last message of each thread a job page's HTML shows (a thread is an `<ol>` of `data-message-id` items), as its script reads them. */
export const lastShownMessages = (html: string): string[] =>
  html
    .split("<ol")
    .slice(1)
    .flatMap((chunk) => [...chunk.split("</ol>")[0]!.matchAll(/data-message-id="(\d+)"/g)].map((m) => m[1]!).slice(-1));

type PageBrowser = { get(path: string): Promise<Response>; post(path: string, form: URLSearchParams): Promise<Response> };

/** What a job page's script posts once it shows messages (decision 090): `seen=page` after it renders, `seen=messages` for live arrivals. */
export async function markShownRead(browser: PageBrowser, path: string, messageIds: readonly (string | number)[], seen: "page" | "messages"): Promise<void> {
  const form = new URLSearchParams({ intent: "mark_read", seen });
  for (const id of messageIds) form.append("message", String(id));
  const marked = await browser.post(path, form);
  if (marked.status !== 200) throw new Error(`mark_read on ${path} answered ${marked.status}`);
}

/** Opens a job page as a browser running its script does: the GET (which reads nothing), then the page's `mark_read` of what it shows. Its HTML. */
export async function openJobPage(browser: PageBrowser, path: string): Promise<string> {
  const page = await browser.get(path);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  await markShownRead(browser, path, lastShownMessages(html), "page");
  return html;
}
