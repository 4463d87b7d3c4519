import { RefusalError } from "~/lib/forms/refusal-error";

/**
 * What every named state machine is made of (issue 49, item 7; decision 087): plain data tables. The
 * booking's process table (app/features/bookings/process.ts) has rows of this type with more columns.
 * - A move names the states it may start from, the state(s) it leads to and who may make it.
 * - A start names the state(s) a new row may be written in, and who may write it.
 * The smaller machines route every change of their column through a move: the UPDATE sets the move's `to` and its
 * WHERE clause allows only the move's `from` states, so a race cannot make an illegal move either.
 */
export type MoveRule<S extends string, A extends string> = { readonly from: readonly S[]; readonly to: readonly S[]; readonly by: readonly A[]; readonly label: string };
export type StartRule<S extends string, A extends string> = { readonly to: readonly S[]; readonly by: readonly A[] };

/** A move the row's state (or the actor) does not allow. Answered with 409; nothing changes. */
export class IllegalMoveError extends RefusalError<"conflict"> {
  constructor(
    readonly machine: string,
    readonly move: string,
    readonly state: string | null,
    message: string,
  ) {
    super("conflict", message);
    this.name = "IllegalMoveError";
  }
}

export const canMakeMove = <S extends string, A extends string>(rule: MoveRule<S, A>, state: S, actor: A): boolean => rule.from.includes(state) && rule.by.includes(actor);

/**
 * The state a move leads to from `state` (`to` chooses when it has several), or the machine's own
 * refusal (a 409 a person reads): the move is not the actor's, or does not start from `state`. Every
 * machine (the booking's process table, the payment's, a provider operation's, a payout account's, an
 * extra charge's) checks a move with this one function.
 */
export function checkMove<S extends string, A extends string>(rule: MoveRule<S, A>, state: S, actor: A, refuse: (why: "actor" | "state") => Error, to?: S): S {
  if (!rule.by.includes(actor)) throw refuse("actor");
  if (!rule.from.includes(state)) throw refuse("state");
  const target = to ?? rule.to[0]!;
  if (!rule.to.includes(target)) throw new Error(`${rule.label}: cannot lead to ${target}`);
  return target;
}

/**
 * The guard of a move for a conditional UPDATE: the states it may start from and the state it leads to
 * (`to` chooses when it has several). An actor the move does not allow, or a `to` it cannot lead to, is a
 * mistake in the code, not a race: thrown at once.
 */
export function guardOf<S extends string, A extends string>(machine: string, name: string, rule: MoveRule<S, A>, actor: A, to?: S): { from: readonly S[]; to: S } {
  if (!rule.by.includes(actor)) throw new Error(`${machine}: ${actor} cannot ${name}`);
  const target = to ?? rule.to[0]!;
  if (!rule.to.includes(target)) throw new Error(`${machine}: ${name} cannot lead to ${target}`);
  return { from: rule.from, to: target };
}

/** The state a new row is written in by `actor` (`to` chooses when the start allows several). */
export function startOf<S extends string, A extends string>(machine: string, name: string, rule: StartRule<S, A>, actor: A, to?: S): S {
  if (!rule.by.includes(actor)) throw new Error(`${machine}: ${actor} cannot ${name}`);
  const target = to ?? rule.to[0]!;
  if (!rule.to.includes(target)) throw new Error(`${machine}: ${name} cannot start in ${target}`);
  return target;
}

/** Every state reachable from the start states through the moves (the tests compare it with the schema's list). */
export function reachable<S extends string, A extends string>(starts: Record<string, StartRule<S, A>>, moves: Record<string, MoveRule<S, A>>): Set<S> {
  const seen = new Set<S>(Object.values(starts).flatMap((rule) => rule.to));
  let grew = true;
  while (grew) {
    grew = false;
    for (const rule of Object.values(moves)) {
      if (!rule.from.some((s) => seen.has(s))) continue;
      for (const to of rule.to) {
        if (seen.has(to)) continue;
        seen.add(to);
        grew = true;
      }
    }
  }
  return seen;
}

/**
 * The Mermaid state diagram of a machine, generated from its tables (the decision records carry it and
 * a unit test compares them): each start as `[*] --> state`, then each move's from → to, in table order.
 */
export function stateDiagramOf<S extends string, A extends string>(starts: Record<string, StartRule<S, A>>, moves: Record<string, MoveRule<S, A>>): string {
  const lines = ["stateDiagram-v2"];
  for (const rule of Object.values(starts)) for (const to of rule.to) lines.push(`    [*] --> ${to}`);
  for (const [name, rule] of Object.entries(moves)) for (const from of rule.from) for (const to of rule.to) lines.push(`    ${from} --> ${to} : ${name}`);
  return lines.join("\n");
}

/** The Mermaid block of a decision record that follows the line `marker` (the drawing a test compares with the tables). */
export function diagramAfter(record: string, marker: string): string | null {
  const at = record.indexOf(marker);
  if (at < 0) return null;
  const block = /```mermaid\n([\s\S]*?)\n```/.exec(record.slice(at));
  return block ? block[1]! : null;
}
