// Whether a regex runs in linear time: recheck's automaton checker decides for most; where it cannot (a
// lookaround, a back-reference, a timeout) or where it flags a pattern only because counted repetitions
// were widened for it, the regex is run on pumped inputs and must stay fast.
import { checkSync } from "recheck";
import type { Pattern } from "./regex-census.js";

/**
 * The pattern recheck's automaton can read: lookarounds taken out (each a constant-width or anchored test
 * at one position) and counted repetitions over 16 widened to `*` or `+` (widening can only add ways to
 * match, so a safe widened pattern is safe as written).
 */
export function automatonView(source: string): string {
  let out = "";
  let at = 0;
  const skipClass = (from: number): number => {
    let index = from + 1;
    if (source[index] === "^") index += 1;
    if (source[index] === "]") index += 1;
    while (index < source.length && source[index] !== "]") index += source[index] === "\\" ? 2 : 1;
    return index + 1;
  };
  while (at < source.length) {
    const char = source[at];
    if (char === "\\") {
      out += source.slice(at, at + 2);
      at += 2;
    } else if (char === "[") {
      const end = skipClass(at);
      out += source.slice(at, end);
      at = end;
    } else if (/^\(\?<?[=!]/.test(source.slice(at, at + 4))) {
      let depth = 1;
      let index = at + (source[at + 2] === "<" ? 4 : 3);
      while (index < source.length && depth > 0) {
        if (source[index] === "\\") index += 2;
        else if (source[index] === "[") index = skipClass(index);
        else {
          if (source[index] === "(") depth += 1;
          if (source[index] === ")") depth -= 1;
          index += 1;
        }
      }
      at = index;
    } else {
      out += char;
      at += 1;
    }
  }
  return out.replace(/(?<!\\)\{(\d+)(?:,(\d*))?\}/g, (whole, low: string, high?: string) => {
    const most = high === undefined ? Number(low) : high === "" ? Number.POSITIVE_INFINITY : Number(high);
    if (most <= 16) return whole;
    return Number(low) >= 1 ? "+" : "*";
  });
}

/** recheck's verdict on the automaton view: `safe`, or why not (with its attack string, if it found one). */
export function recheckVerdict(pattern: Pattern): { safe: boolean; attack?: string; why: string } {
  const flags = pattern.flags.replace(/[gdy]/g, "");
  const result = checkSync(automatonView(pattern.source), flags, { checker: "automaton", timeout: 400 });
  if (result.status === "safe") return { safe: true, why: "safe" };
  if (result.status === "vulnerable")
    return { safe: false, attack: result.attack.string, why: `${result.complexity.type} (recheck)` };
  return { safe: false, why: `recheck could not decide: ${result.error.kind}` };
}

/** Characters and words inputs are pumped with; a pattern's own literal runs are added to them. */
const FILLERS = [
  "a",
  "A",
  "0",
  "-",
  "_",
  ".",
  " ",
  "\t",
  "/",
  "=",
  ":",
  '"',
  "'",
  "\\",
  "\n",
  "aA0",
  "a-",
  "a=",
  "a:",
];

/** Inputs of about `size` characters that drive a backtracking regex hardest if it is super-linear. */
export function pumpedInputs(pattern: Pattern, attack: string | undefined, size: number): string[] {
  const literals = [...new Set(pattern.source.match(/(?:[A-Za-z0-9_-]|\\[./:-]){3,}/g) ?? [])]
    .slice(0, 4)
    .map((run) => run.replace(/\\/g, ""));
  const inputs: string[] = [];
  for (const filler of [...FILLERS, ...literals]) {
    inputs.push(filler.repeat(Math.ceil(size / filler.length)));
    for (const literal of literals) inputs.push(literal + filler.repeat(Math.ceil(size / filler.length)));
  }
  if (attack !== undefined) {
    const times = Math.max(1, Math.ceil(size / Math.max(1, attack.length)));
    inputs.push(attack.length >= size ? attack.slice(0, size * 4) : attack.repeat(times));
  }
  return inputs;
}

/** Milliseconds to find every match of `regex` in `text`, as the detectors do. */
export function matchMilliseconds(regex: RegExp, text: string): number {
  const global = regex.global ? regex : new RegExp(regex.source, `${regex.flags}g`);
  const run = (input: string): void => {
    global.lastIndex = 0;
    for (let match = global.exec(input); match !== null; match = global.exec(input)) {
      if (match[0] === "") global.lastIndex += 1;
    }
  };
  // V8 interprets a regex's first runs and compiles it after: time the compiled one, as a session meets it.
  run(text.slice(0, 64));
  run(text.slice(0, 64));
  // The process's CPU time counts its other threads too (the garbage collector's, recheck's checkers), and
  // wall time counts other processes: a slow regex is slow by both, so the least of either over three runs
  // is the regex's own.
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3 && least > 50; round += 1) {
    const start = process.cpuUsage();
    const started = performance.now();
    run(text);
    const wall = performance.now() - started;
    const used = process.cpuUsage(start);
    least = Math.min(least, (used.user + used.system) / 1000, wall);
  }
  return least;
}
