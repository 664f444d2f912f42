import { describe, expect, it } from "vitest";
import {
  languageFromPath,
  resolveLanguage,
  SHELL_LANGUAGE,
} from "../../src/render/primitives/highlight/languages.js";

describe("languageFromPath", () => {
  it.each([
    ["src/app.ts", "typescript"],
    ["C:\\work\\ui\\App.TSX", "tsx"],
    ["a.js", "javascript"],
    ["a.mjs", "javascript"],
    ["a.cjs", "javascript"],
    ["a.jsx", "jsx"],
    ["package.json", "json"],
    ["events.jsonl", "jsonl"],
    ["README.md", "markdown"],
    ["main.py", "python"],
    ["lib.rs", "rust"],
    ["main.go", "go"],
    ["A.java", "java"],
    ["x.c", "c"],
    ["x.h", "c"],
    ["x.cpp", "cpp"],
    ["x.cs", "csharp"],
    ["x.rb", "ruby"],
    ["x.php", "php"],
    ["run.sh", "shellscript"],
    ["run.bash", "shellscript"],
    ["~/.zshrc", "shellscript"],
    ["x.zsh", "shellscript"],
    ["x.ps1", "powershell"],
    ["ci.yml", "yaml"],
    ["ci.yaml", "yaml"],
    ["Cargo.toml", "toml"],
    ["index.html", "html"],
    ["a.css", "css"],
    ["a.scss", "scss"],
    ["q.sql", "sql"],
    ["a.swift", "swift"],
    ["a.kt", "kotlin"],
    ["a.lua", "lua"],
    ["Dockerfile", "docker"],
    ["docker/Dockerfile.dev", "docker"],
    ["Makefile", "make"],
    ["pom.xml", "xml"],
    ["A.svelte", "svelte"],
    ["A.vue", "vue"],
    ["page.astro", "astro"],
    ["fix.diff", "diff"],
    ["fix.patch", "diff"],
    ["x.constructor", undefined],
  ])("%s -> %s", (path, language) => {
    expect(languageFromPath(path)).toBe(language);
  });

  it("returns undefined when nothing fits", () => {
    expect(languageFromPath("LICENSE")).toBeUndefined();
    expect(languageFromPath("notes.txt")).toBeUndefined();
    expect(languageFromPath("archive.xyz123")).toBeUndefined();
    expect(languageFromPath(".hidden")).toBeUndefined();
    expect(languageFromPath(undefined)).toBeUndefined();
  });
});

describe("resolveLanguage", () => {
  it("resolves fence names and aliases to shiki ids, and 'text' to none", () => {
    expect(resolveLanguage("ts")).toBe("typescript");
    expect(resolveLanguage("Bash")).toBe(SHELL_LANGUAGE);
    expect(resolveLanguage("sh")).toBe(SHELL_LANGUAGE);
    expect(resolveLanguage("c++")).toBe("cpp");
    expect(resolveLanguage('ts title="a.ts"')).toBe("typescript");
    expect(resolveLanguage("text")).toBeUndefined();
    expect(resolveLanguage("")).toBeUndefined();
    expect(resolveLanguage("__proto__")).toBeUndefined();
  });
});
