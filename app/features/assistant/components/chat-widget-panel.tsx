import { Bot, Compass, MessageCircle, Send, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "~/lib/routing";
import { AppStoreBadges, useAppStoreLinks } from "~/components/content/app-store-badges";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { cn } from "~/lib/utils";
import { homeSections, type WidgetLink, widgetGreeting, widgetQuickQuestions, widgetReply, widgetReplyDelay } from "~/features/assistant/widget-replies";
import { coverageLookupAnswer } from "~/features/assistant/contact-answers";
import { fetchCoverage } from "~/features/quotes/coverage-answer";
import { services } from "~/content/services";

/** A home chat widget message: who sent it, its text and when. */
type WidgetMessage = { id: number; type: "user" | "bot"; text: string; timestamp: Date; links?: WidgetLink[]; appBadges?: boolean };

type ChatWidgetPanelProps = {
  id: string;
  onClose: (options?: { returnFocus?: boolean }) => void;
};

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Scrolls to a home page section and moves focus there, as the page guide promises. */
function goToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) {
    window.location.assign(`/#${id}`);
    return;
  }
  if (!section.hasAttribute("tabindex")) section.setAttribute("tabindex", "-1");
  section.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  section.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, "", `#${id}`);
}

/** The open chat: a canned-reply assistant and a page guide to the home sections. Loaded on demand. */
export default function ChatWidgetPanel({ id, onClose }: ChatWidgetPanelProps) {
  const [messages, setMessages] = useState<WidgetMessage[]>(() => [{ id: 0, type: "bot", text: widgetGreeting, timestamp: new Date() }]);
  const [draft, setDraft] = useState("");
  const [typing, setTyping] = useState(false);
  const typingRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const stores = useAppStoreLinks();

  // Focus moves into the chat as it opens.
  useEffect(() => {
    inputRef.current?.focus();
    return () => clearTimeout(timerRef.current);
  }, []);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, typing]);

  const send = (text: string) => {
    const message = text.trim();
    if (!message || typingRef.current) return;
    typingRef.current = true;
    setTyping(true);
    setDraft("");
    setMessages((list) => [...list, { id: list.length, type: "user", text: message, timestamp: new Date() }]);
    const reply = widgetReply(message, { stores });
    const lookup = reply.coverageLookup;
    // A postcode is answered by the one coverage answer, from the server, while the reply "types".
    const final = lookup
      ? fetchCoverage(lookup.service, lookup.postcode).then((coverage) =>
          coverageLookupAnswer(lookup, coverage, lookup.service ? (services.find((s) => s.slug === lookup.service)?.name ?? null) : null),
        )
      : Promise.resolve(reply);
    const typed = new Promise((resolve) => {
      timerRef.current = setTimeout(resolve, widgetReplyDelay());
    });
    void Promise.all([final, typed]).then(([answer]) => {
      setMessages((list) => [...list, { id: list.length, type: "bot", text: answer.text, links: answer.links, appBadges: answer.appBadges, timestamp: new Date() }]);
      typingRef.current = false;
      setTyping(false);
    });
  };

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      className="pointer-events-auto flex max-h-[min(36rem,calc(100dvh-7rem))] w-[min(24rem,calc(100vw-2rem))] animate-zoom-in flex-col overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-overlay"
    >
      <header className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
        <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-primary-foreground text-primary">
          <Bot className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="font-semibold">
            FixiT Assistant
          </h2>
          <p className="text-xs">Typically replies in seconds</p>
        </div>
        <button
          type="button"
          onClick={() => onClose()}
          aria-label="Close the FixiT assistant"
          className="flex size-11 cursor-pointer items-center justify-center rounded-md hover:bg-primary-foreground/15 focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-primary-foreground"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>

      <Tabs defaultValue="chat" gap="none" className="min-h-0 flex-1">
        <TabsList layout="stretch" className="mx-3 mt-3">
          <TabsTrigger value="chat">
            <MessageCircle aria-hidden="true" className="size-4" />
            Ask us
          </TabsTrigger>
          <TabsTrigger value="guide">
            <Compass aria-hidden="true" className="size-4" />
            Page guide
          </TabsTrigger>
        </TabsList>

        <TabsContent value="chat" className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
          <div
            ref={logRef}
            role="log"
            aria-live="polite"
            aria-label="Conversation with the FixiT assistant"
            tabIndex={0}
            className="min-h-40 flex-1 space-y-3 overflow-y-auto px-3 py-3 focus-visible:outline-offset-[-2px]"
          >
            {messages.map((message) => (
              <div key={message.id} className={cn("flex", message.type === "user" ? "justify-end" : "justify-start")} data-message-type={message.type}>
                <div
                  className={cn(
                    "max-w-[85%] rounded-2xl px-3 py-2 text-small",
                    message.type === "user" ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted text-foreground",
                  )}
                >
                  <span className="sr-only">{message.type === "user" ? "You:" : "FixiT Assistant:"}</span>
                  <p>{message.text}</p>
                  {message.appBadges ? <AppStoreBadges links={stores} className="mt-2 gap-2" /> : null}
                  {message.links?.length ? (
                    <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
                      {message.links.map((link) => (
                        <li key={link.href}>
                          <Link to={link.href} className="font-semibold text-primary underline underline-offset-2" onClick={() => onClose({ returnFocus: false })}>
                            {link.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </div>
            ))}
            {typing ? (
              <p className="flex items-center gap-1.5 text-small text-muted-foreground" data-testid="chat-widget-typing">
                <span aria-hidden="true" className="flex gap-0.5">
                  <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground" />
                  <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground [animation-delay:150ms]" />
                  <span className="size-1.5 animate-pulse rounded-full bg-muted-foreground [animation-delay:300ms]" />
                </span>
                FixiT Assistant is typing...
              </p>
            ) : null}
          </div>
          <div role="group" aria-label="Quick questions" className="flex flex-wrap gap-1.5 border-t border-border px-3 pt-3">
            {widgetQuickQuestions.map((question) => (
              <Button key={question} variant="secondary" size="sm" disabled={typing} onClick={() => send(question)}>
                {question}
              </Button>
            ))}
          </div>
          <form
            className="flex gap-2 p-3"
            onSubmit={(event) => {
              event.preventDefault();
              send(draft);
            }}
          >
            <label htmlFor={`${id}-input`} className="sr-only">
              Your message
            </label>
            <Input
              id={`${id}-input`}
              ref={inputRef}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Type your question..."
              maxLength={500}
              autoComplete="off"
            />
            <Button type="submit" size="icon" aria-label="Send message" disabled={!draft.trim() || typing}>
              <Send aria-hidden="true" />
            </Button>
          </form>
        </TabsContent>

        <TabsContent value="guide" className="space-y-3 px-3 py-3 data-[state=inactive]:hidden">
          <p className="text-small">I&apos;m the page guide. Where would you like to go on this page?</p>
          <ul className="grid grid-cols-2 gap-2">
            {homeSections.map((section) => (
              <li key={section.id}>
                <Button
                  variant="outline"
                  size="sm"
                  className="w-full"
                  onClick={() => {
                    onClose({ returnFocus: false });
                    goToSection(section.id);
                  }}
                >
                  {section.label}
                </Button>
              </li>
            ))}
          </ul>
        </TabsContent>
      </Tabs>
    </section>
  );
}
