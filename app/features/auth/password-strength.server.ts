import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * The server's judgement of a new password beyond its length: common and easily guessed
 * passwords (zxcvbn score below 2, or built from the person's own name or email) are refused
 * with zxcvbn's reasons, which the sign-up page shows under 'Signup Failed'.
 *
 * zxcvbn runs in a worker thread: one check of a long password full of look-alike characters
 * ("p@55w0rd" repeated) takes hundreds of milliseconds, which on the event loop would stall every
 * other visitor's request. The worker starts on the first password to judge (its word lists and
 * matcher take ~55 MB, and most processes never see a new password) and ends after a minute idle.
 */
const MIN_SCORE = 2;

/** Resolved from the working directory, as the migrations folder is: the project root in every mode. */
const WORKER_FILE = path.resolve(process.cwd(), "app/features/auth/password-strength.worker.mjs");

type Reply = { id: number; score: number; warning: string | null; suggestions: string[] };

/** The check ran out of time or memory: the password, not the server, is at fault. */
class PasswordTooHardToCheck extends Error {}

export type PasswordChecker = {
  check(password: string, personal: string[]): Promise<Reply>;
  /** Whether the worker (and its ~55 MB) is alive now. */
  readonly running: boolean;
};

/**
 * One worker, started on demand and ended after `idleMs` without work. It answers in order, so a
 * check's time limit runs from when the worker is ready and has answered the checks before it: a
 * password that is slow to judge, or the worker's start, never counts against another's.
 */
export function createPasswordChecker({ idleMs = 60_000, timeoutMs = 5_000, maxHeapMb = 96 } = {}): PasswordChecker {
  type Waiting = { message: { id: number; password: string; personal: string[] }; resolve: (reply: Reply) => void; reject: (error: Error) => void };
  let worker: Worker | undefined;
  let ready = false;
  let lastId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let headTimer: NodeJS.Timeout | undefined;
  const pending = new Map<number, Waiting>(); // in the order the worker answers them

  /** Times the check the worker is on now. */
  function timeHead() {
    clearTimeout(headTimer);
    const head = pending.keys().next();
    if (!ready || head.done) return;
    headTimer = setTimeout(() => stop(new PasswordTooHardToCheck(`no answer in ${timeoutMs} ms`), head.value), timeoutMs);
  }

  function start(): Worker {
    // A 4 MB young generation instead of V8's default (16 MB semi-spaces): measured, the worker's
    // resident memory after 20 checks is 63 MB instead of 102, and a check is no slower to notice
    // (typical checks 20–80 ms either way). While it runs it shares the server's memory budget.
    const started = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 4 } });
    started.unref();
    started.on("message", (reply: Reply | "ready") => {
      if (reply === "ready") ready = true;
      else pending.get(reply.id)?.resolve(reply);
      timeHead();
      if (pending.size === 0) {
        idleTimer = setTimeout(() => stop(), idleMs);
        idleTimer.unref();
      }
    });
    started.on("error", (error: Error & { code?: string }) => {
      if (worker !== started) return;
      // Out of memory on one password: that password is refused, and the others are asked again.
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") stop(new PasswordTooHardToCheck(error.message), pending.keys().next().value);
      else stop(error);
    });
    started.on("exit", () => {
      if (worker === started) stop(new Error("the password checker stopped"));
    });
    return started;
  }

  /**
   * Ends the worker. With `culprit`, only that check fails with `reason` and the others go to a new
   * worker; without, every unanswered check fails with `reason` (an idle stop has none).
   */
  function stop(reason?: Error, culprit?: number) {
    const ending = worker;
    worker = undefined;
    ready = false;
    clearTimeout(idleTimer);
    clearTimeout(headTimer);
    void ending?.terminate();
    for (const [id, waiting] of pending) {
      if (culprit === undefined || id === culprit) waiting.reject(reason ?? new Error("stopped"));
    }
    if (pending.size > 0) {
      worker = start();
      for (const waiting of pending.values()) worker.postMessage(waiting.message);
    }
  }

  return {
    get running() {
      return worker !== undefined;
    },
    check(password, personal) {
      clearTimeout(idleTimer);
      worker ??= start();
      const message = { id: ++lastId, password, personal };
      return new Promise<Reply>((resolve, reject) => {
        pending.set(message.id, {
          message,
          resolve: (reply) => (pending.delete(message.id), resolve(reply)),
          reject: (error) => (pending.delete(message.id), reject(error)),
        });
        worker!.postMessage(message);
        if (pending.size === 1) timeHead();
      });
    },
  };
}

export type PasswordVerdict = { ok: true } | { ok: false; reasons: string[] };

/** The one reason that is not about guessing: the password took too long to judge. */
const NOT_CHECKED_IN_TIME = "This password could not be checked in time. Please choose a shorter one.";

const checker = createPasswordChecker();

export async function judgePassword(password: string, personal: string[] = [], using: PasswordChecker = checker): Promise<PasswordVerdict> {
  let result: Reply;
  try {
    // zxcvbn is slow on very long input; the first 100 characters decide.
    result = await using.check(password.slice(0, 100), personal.filter(Boolean).map((s) => s.slice(0, 100)));
  } catch (error) {
    if (error instanceof PasswordTooHardToCheck) return { ok: false, reasons: [NOT_CHECKED_IN_TIME] };
    throw error;
  }
  if (result.score >= MIN_SCORE) return { ok: true };
  const reasons = [result.warning, ...result.suggestions].filter((r): r is string => Boolean(r));
  return { ok: false, reasons: reasons.length ? reasons : ["This password is too easy to guess. Add more words or characters."] };
}

/** One sentence for a toast: "This password is too easy to guess. Add more words …". */
export function weakPasswordMessage(reasons: string[]): string {
  if (reasons.includes(NOT_CHECKED_IN_TIME)) return NOT_CHECKED_IN_TIME;
  return ["This password is too easy to guess.", ...reasons].filter((r, i, all) => all.indexOf(r) === i).join(" ");
}
