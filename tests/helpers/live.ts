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
