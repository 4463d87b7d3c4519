import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

/**
 * The server's judgement of a new password beyond its length: common and easily guessed
 * passwords (zxcvbn score below 2, or built from the person's own name or email) are refused
 * with zxcvbn's reasons, which the sign-up page shows under 'Signup Failed'.
 */
const MIN_SCORE = 2;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

export type PasswordVerdict = { ok: true } | { ok: false; reasons: string[] };

export function judgePassword(password: string, personal: string[] = []): PasswordVerdict {
  // zxcvbn is slow on very long input; the first 100 characters decide.
  const result = zxcvbn.check(password.slice(0, 100), personal.filter(Boolean).map((s) => s.slice(0, 100)));
  if (result.score >= MIN_SCORE) return { ok: true };
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter((r): r is string => Boolean(r));
  return { ok: false, reasons: reasons.length ? reasons : ["This password is too easy to guess. Add more words or characters."] };
}

/** One sentence for a toast: "This password is too easy to guess. Add more words …". */
export function weakPasswordMessage(reasons: string[]): string {
  return ["This password is too easy to guess.", ...reasons].filter((r, i, all) => all.indexOf(r) === i).join(" ");
}
