import { languageFromPath } from "../primitives/highlight/languages.js";

/**
 * Shiki language ids whose name GitHub's highlighter (linguist) spells differently. Every other shiki
 * id is also a name GitHub knows, or one it ignores (the block is then shown plain, which is harmless).
 */
const GITHUB_FENCE_NAMES: Readonly<Record<string, string>> = {
  shellscript: "sh",
  docker: "dockerfile",
  make: "makefile",
  jsonl: "json",
  "objective-c": "objc",
  "objective-cpp": "objective-c++",
  "git-commit": "text",
  log: "text",
};

/** The info string of a fence: a shiki language id as GitHub names it, or undefined for plain text. */
export function fenceName(shikiLanguage: string | undefined): string | undefined {
  if (shikiLanguage === undefined) return undefined;
  return Object.hasOwn(GITHUB_FENCE_NAMES, shikiLanguage) ? GITHUB_FENCE_NAMES[shikiLanguage] : shikiLanguage;
}

/** The fence language for a file's content, from its path (`src/a.ts` -> `typescript`, `run.zsh` -> `sh`). */
export function fenceFromPath(path: string | null | undefined): string | undefined {
  return fenceName(languageFromPath(path));
}
