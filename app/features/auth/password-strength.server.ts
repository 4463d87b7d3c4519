/**
 * The server's judgement of a new password beyond its length: common and easily guessed
 * passwords (zxcvbn score below 2, or built from the person's own name or email) are refused
 * with zxcvbn's reasons, which the sign-up page shows under 'Signup Failed'.
 */
const MIN_SCORE = 2;

type Zxcvbn = { check: (password: string, personal: string[]) => { score: number; feedback: { warning: string | null; suggestions: string[] } } };

// Built on the first password to judge, not at start-up: the word lists and the matcher built from
// them add ~60 MB to the server's memory, and most processes never see a new password.
let zxcvbn: Promise<Zxcvbn> | undefined;
function loadZxcvbn(): Promise<Zxcvbn> {
  zxcvbn ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      }),
  );
  return zxcvbn;
}

export type PasswordVerdict = { ok: true } | { ok: false; reasons: string[] };

export async function judgePassword(password: string, personal: string[] = []): Promise<PasswordVerdict> {
  // zxcvbn is slow on very long input; the first 100 characters decide.
  const result = (await loadZxcvbn()).check(password.slice(0, 100), personal.filter(Boolean).map((s) => s.slice(0, 100)));
  if (result.score >= MIN_SCORE) return { ok: true };
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter((r): r is string => Boolean(r));
  return { ok: false, reasons: reasons.length ? reasons : ["This password is too easy to guess. Add more words or characters."] };
}

/** One sentence for a toast: "This password is too easy to guess. Add more words …". */
export function weakPasswordMessage(reasons: string[]): string {
  return ["This password is too easy to guess.", ...reasons].filter((r, i, all) => all.indexOf(r) === i).join(" ");
}
