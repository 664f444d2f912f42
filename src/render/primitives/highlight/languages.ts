import { bundledLanguagesInfo } from "shiki/langs";

/** The shiki language id shell commands (`bash`, `powershell`'s POSIX cousins, `!` commands) are highlighted as. */
export const SHELL_LANGUAGE = "shellscript";

/** Every name shiki knows (ids and aliases, lower-case) -> its language id. */
const BY_NAME: ReadonlyMap<string, string> = new Map(
  bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name) => [name, info.id])),
);

// Extensions whose language shiki does not name after the extension itself (`.ts` -> `typescript`
// is covered by the alias table; these are the ones it is not).
const BY_EXTENSION: Readonly<Record<string, string>> = {
  mts: "typescript",
  cts: "typescript",
  cjs: "javascript",
  mjs: "javascript",
  jsonl: "jsonl",
  ndjson: "jsonl",
  json5: "json5",
  h: "c",
  hpp: "cpp",
  hh: "cpp",
  cc: "cpp",
  cxx: "cpp",
  zsh: "shellscript",
  bash: "shellscript",
  ksh: "shellscript",
  ps1: "powershell",
  psm1: "powershell",
  yml: "yaml",
  htm: "html",
  xhtml: "html",
  svg: "xml",
  plist: "xml",
  csproj: "xml",
  kt: "kotlin",
  kts: "kotlin",
  mk: "make",
  markdown: "markdown",
  mdx: "mdx",
  txt: "text",
  log: "log",
  lock: "text",
  env: "dotenv",
  gradle: "groovy",
  tf: "terraform",
  patch: "diff",
};

// Files known by their whole name rather than an extension.
const BY_FILE_NAME: Readonly<Record<string, string>> = {
  dockerfile: "docker",
  containerfile: "docker",
  makefile: "make",
  gnumakefile: "make",
  "cmakelists.txt": "cmake",
  ".bashrc": "shellscript",
  ".bash_profile": "shellscript",
  ".profile": "shellscript",
  ".zshrc": "shellscript",
  ".env": "dotenv",
  ".gitconfig": "ini",
  ".editorconfig": "ini",
  "go.mod": "go",
};

// Plain objects inherit keys such as `constructor`; a file named `x.constructor` must not find them.
const own = (table: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * Resolves a language name as a person or model writes it (a code fence's info string, `ts`, `Bash`,
 * `c++`, `yml`) to a shiki language id, or `undefined` when shiki has no grammar for it.
 * `text`/`plain`/`txt` resolve to `undefined` too: they mean "do not highlight".
 */
export function resolveLanguage(name: string | undefined | null): string | undefined {
  if (typeof name !== "string") return undefined;
  // A fence info string may carry more after the name (```ts title="x"); only the first word names it.
  const word = name.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? "";
  if (word === "" || word === "text" || word === "plain" || word === "txt" || word === "plaintext")
    return undefined;
  const id = BY_NAME.get(word) ?? BY_NAME.get(own(BY_EXTENSION, word) ?? "");
  return id === "text" ? undefined : id;
}

/**
 * Picks the shiki language for a file from its path: by whole file name (`Dockerfile`, `Makefile`),
 * then by extension (`src/a.tsx` -> `tsx`, `x.mjs` -> `javascript`, `run.zsh` -> `shellscript`).
 * Accepts Windows and POSIX separators. Returns `undefined` when nothing fits: show plain text.
 */
export function languageFromPath(path: string | undefined | null): string | undefined {
  if (typeof path !== "string") return undefined;
  const fileName = path.split(/[\\/]/).pop()?.toLowerCase() ?? "";
  const byName = own(BY_FILE_NAME, fileName);
  if (byName !== undefined) return byName;
  if (fileName.startsWith("dockerfile.") || fileName.endsWith(".dockerfile")) return "docker";
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0 || dot === fileName.length - 1) return undefined;
  const extension = fileName.slice(dot + 1);
  return resolveLanguage(own(BY_EXTENSION, extension) ?? extension);
}
