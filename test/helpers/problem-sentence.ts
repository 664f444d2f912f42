import type { Problem } from "../../src/read/problem.js";
import { problemSentence } from "../../src/read/problem-sentence.js";

/** A problem's sentence as the reports show it, or undefined when there is no such problem. */
export function sentenceOf(problem: Problem | undefined): string | undefined {
  return problem === undefined ? undefined : problemSentence(problem);
}
