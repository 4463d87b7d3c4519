import { describe, expect, it } from "vitest";
import { createPasswordChecker, judgePassword, weakPasswordMessage } from "./password-strength.server.ts";

// A long password of look-alike characters: zxcvbn tries every reading of it (hundreds of ms).
const slowToJudge = "p@55w0rd".repeat(13).slice(0, 100);

describe("judgePassword", () => {
  it.each(["password", "123456", "qwerty123", "letmein"])("refuses the common password %s with reasons", async (pw) => {
    const verdict = await judgePassword(pw);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reasons.length).toBeGreaterThan(0);
  });
  it("refuses a password made of the person's own name", async () => {
    expect((await judgePassword("adalovelace", ["Ada Lovelace", "adalovelace@example.com"])).ok).toBe(false);
  });
  it("accepts a long unusual passphrase", async () => {
    expect(await judgePassword("copper-kettle-violet-harbour")).toEqual({ ok: true });
  });
  it("words the reasons as one message", () => {
    expect(weakPasswordMessage(["This is a top-10 common password."])).toBe(
      "This password is too easy to guess. This is a top-10 common password.",
    );
  });

  it("judges off the event loop: timers keep firing while a slow password is judged", async () => {
    await judgePassword("warm-up");
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    let ticksWhenJudged = 0;
    const verdict = await judgePassword(slowToJudge).finally(() => (ticksWhenJudged = ticks));
    clearInterval(ticker);
    expect(verdict.ok).toBe(false); // a repeated common password
    expect(ticksWhenJudged).toBeGreaterThanOrEqual(3);
  });
});

// A new worker thread loads zxcvbn's dictionaries first: seconds when the machine is busy with other suites.
describe("the password checker's worker", { timeout: 60_000 }, () => {
  it("starts on the first password and ends when idle, then starts again when needed", async () => {
    const checker = createPasswordChecker({ idleMs: 100 });
    expect(checker.running).toBe(false);
    expect((await judgePassword("password", [], checker)).ok).toBe(false);
    expect(checker.running).toBe(true);
    await expect.poll(() => checker.running, { timeout: 5_000 }).toBe(false);
    expect(await judgePassword("copper-kettle-violet-harbour", [], checker)).toEqual({ ok: true });
  });

  it("refuses a password it cannot judge in time, and still judges the ones queued behind it", async () => {
    // slowToJudge takes ~800 ms on an idle core and only longer on a busy one; the other two take
    // ~10 ms idle. 400 ms leaves the quick ones room when the whole suite shares two cores (100 ms
    // once timed the good password out on a fresh worker).
    const checker = createPasswordChecker({ timeoutMs: 400 });
    const [slow, common, good] = await Promise.all([
      judgePassword(slowToJudge, [], checker),
      judgePassword("password", [], checker),
      judgePassword("copper-kettle-violet-harbour", [], checker),
    ]);
    expect(slow).toEqual({ ok: false, reasons: ["This password could not be checked in time. Please choose a shorter one."] });
    expect(slow.ok === false && weakPasswordMessage(slow.reasons)).toBe("This password could not be checked in time. Please choose a shorter one.");
    expect(common.ok).toBe(false);
    expect(common.ok === false && common.reasons.join(" ")).not.toContain("in time");
    expect(good).toEqual({ ok: true });
  });
});
