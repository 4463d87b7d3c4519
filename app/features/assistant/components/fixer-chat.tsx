import { Bot, Leaf, MapPin, ScanSearch, Send, User } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAppStoreLinks } from "~/components/content/app-store-badges";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { quickPrompts, welcomeMessage } from "~/features/assistant/advice";
import type * as MatcherModule from "~/features/assistant/matcher";
import type { AdviceMatch } from "~/features/assistant/matcher";
import { AdviceReply } from "./advice-reply";

/** The AI Fixer answers after 1500 ms, so a reply reads as considered rather than instant. */
export const aiFixerReplyDelayMs = 1500;

/** A chat message on the AI Fixer page. */
export type FixerChatMessage = {
  /** "welcome" for the greeting, otherwise the creation time in milliseconds. */
  id: string;
  type: "ai" | "user";
  content: string;
  timestamp: Date;
  /** The advice chosen for an AI reply; absent on the welcome and on user messages. */
  match?: AdviceMatch;
};

export const chatPlaceholder = "Ask me about home repairs, heating tips, or maintenance advice...";

/** "14:05" */
function formatTime(date: Date) {
  return date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
}

const infoCards = [
  { title: "Smart Diagnostics", text: "Instant problem identification and step-by-step solutions.", icon: ScanSearch },
  { title: "UK-Specific Advice", text: "Tailored to UK homes, regulations and weather.", icon: MapPin },
  { title: "Energy Savings", text: "Reduce your bills and improve your home's efficiency.", icon: Leaf },
] as const;

/** The signed-in /fixer-ai view: header, Quick Help, the chat card and three info cards. */
export function FixerChat() {
  const [messages, setMessages] = useState<FixerChatMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  // The chat is its own chunk, so on a slow phone the server's HTML shows before the chat can answer:
  // its controls stay disabled until then, so a question typed or a prompt tapped too early is not lost.
  const interactive = useHydrated();
  // A ref as well as state, so two sends in the same tick can't both get through.
  const pendingRef = useRef(false);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The booking answer names the configured app stores.
  const stores = useAppStoreLinks();
  // The matcher and the price and booking answers load right after the page starts, not with it.
  const matcherRef = useRef<Promise<typeof MatcherModule> | null>(null);
  const loadMatcher = () => (matcherRef.current ??= import("~/features/assistant/matcher"));
  useEffect(() => {
    void loadMatcher();
  }, []);

  // The chat starts empty, then the assistant greets, so the greeting arrives like a reply.
  useEffect(() => {
    const greet = setTimeout(() => setMessages([{ id: "welcome", type: "ai", content: welcomeMessage, timestamp: new Date() }]), 0);
    return () => {
      clearTimeout(greet);
      clearTimeout(timerRef.current);
    };
  }, []);

  // Keep the newest message in view by scrolling the log itself, not the page.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, pending]);

  // The field was disabled while waiting, which drops its focus: give it back once it is enabled again,
  // unless the user has moved on to something else.
  useEffect(() => {
    if (pending) return;
    const input = inputRef.current;
    const active = document.activeElement;
    if (!input || messages.length < 2 || (active && active !== document.body && active !== input)) return;
    input.focus();
  }, [pending, messages.length]);

  const send = useCallback((text: string) => {
    const question = text.trim();
    if (!question || pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    setDraft("");
    const now = Date.now();
    setMessages((list) => [...list, { id: String(now), type: "user", content: question, timestamp: new Date(now) }]);
    const matcher = loadMatcher();
    timerRef.current = setTimeout(async () => {
      const { matchAdvice } = await matcher;
      const match = matchAdvice(question, undefined, { stores });
      const replyAt = Date.now();
      const content =
        match.kind === "emergency" ? match.emergency.title : match.kind === "site" ? match.answer.text : match.kind === "fallback" ? "fallback" : match.entry.question;
      setMessages((list) => [...list, { id: String(replyAt), type: "ai", content, timestamp: new Date(replyAt), match }]);
      pendingRef.current = false;
      setPending(false);

    }, aiFixerReplyDelayMs);
  }, [stores]);

  const canSend = draft.trim().length > 0 && !pending;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-center gap-3 sm:gap-4">
        <div className="flex items-center gap-3">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-card">
            <Bot aria-hidden="true" className="size-7" />
          </span>
          <div>
            <h1 className="text-h2">AI Fixer</h1>
            <p className="flex items-center gap-2 text-small text-success">
              <span aria-hidden="true" className="size-2 rounded-full bg-success" />
              Online &amp; Ready to Help
            </p>
          </div>
        </div>
      </header>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Quick Help</CardTitle>
          <CardDescription>Pick a common problem to get started.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 sm:grid-cols-2">
          {quickPrompts.map((prompt) => (
            <Button
              key={prompt}
              variant="outline"
              className="h-auto min-h-11 justify-start py-2 text-left whitespace-normal"
              disabled={!interactive || pending}
              onClick={() => send(prompt)}
            >
              {prompt}
            </Button>
          ))}
        </CardContent>
      </Card>

      <Card spacing="flush">
        <CardHeader className="border-b border-border py-4">
          <CardTitle as="h2" id="ai-fixer-chat-title">
            Chat with AI Fixer
          </CardTitle>
        </CardHeader>
        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-labelledby="ai-fixer-chat-title"
          tabIndex={0}
          className="h-[26rem] space-y-4 overflow-y-auto px-4 py-4 focus-visible:outline-offset-[-2px] sm:h-[30rem] sm:px-6"
        >
          {messages.map((message) => (
            <ChatBubble key={message.id} message={message} />
          ))}
          {pending ? (
            <div className="flex items-center gap-2 text-small text-muted-foreground" data-testid="ai-fixer-thinking">
              <Avatar />
              <Spinner decorative />
              <span>AI Fixer is thinking...</span>
            </div>
          ) : null}
        </div>
        <form
          className="flex gap-2 border-t border-border p-4 sm:px-6"
          onSubmit={(event) => {
            event.preventDefault();
            send(draft);
          }}
        >
          <label htmlFor="ai-fixer-input" className="sr-only">
            Your question for AI Fixer
          </label>
          <Input
            id="ai-fixer-input"
            ref={inputRef}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={chatPlaceholder}
            maxLength={1000}
            autoComplete="off"
            disabled={!interactive || pending}
          />
          <Button type="submit" size="icon" disabled={!canSend} aria-label="Send message">
            <Send aria-hidden="true" />
          </Button>
        </form>
      </Card>

      <ul className="grid gap-4 sm:grid-cols-3">
        {infoCards.map(({ title, text, icon: Icon }) => (
          <li key={title}>
            <Card spacing="snug" className="h-full">
              <CardHeader>
                <Icon aria-hidden="true" className="size-6 text-primary" />
                <CardTitle as="h2">
                  {title}
                </CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Avatar() {
  return (
    <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
      <Bot className="size-4" />
    </span>
  );
}

function ChatBubble({ message }: { message: FixerChatMessage }) {
  const mine = message.type === "user";
  return (
    <div className={cn("flex items-end gap-2", mine ? "justify-end" : "justify-start")} data-message-type={message.type}>
      {mine ? null : <Avatar />}
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-4 py-3 text-body sm:max-w-[75%]",
          mine ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted text-foreground",
        )}
      >
        <span className="sr-only">{mine ? "You said:" : "AI Fixer said:"}</span>
        {message.match ? <AdviceReply match={message.match} /> : <p className="whitespace-pre-line">{message.content}</p>}
        <time
          dateTime={message.timestamp.toISOString()}
          className={cn("mt-1 block text-xs", mine ? "text-right text-primary-foreground" : "text-muted-foreground")}
        >
          {formatTime(message.timestamp)}
        </time>
      </div>
      {mine ? (
        <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <User className="size-4" />
        </span>
      ) : null}
    </div>
  );
}
