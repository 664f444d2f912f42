// Every regular expression a folder of src/ holds: the literals in its source (read with TypeScript's
// parser) and the ones its modules build when loaded (gitleaks' rules, the provider table, detectors that
// add a flag), caught by wrapping the RegExp constructor while the modules load.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

/** A pattern, and where it was found. */
export interface Pattern {
  source: string;
  flags: string;
  where: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))
    .map((name) => join(dir, name));
}

/** The regex literals of the TypeScript files under `dir`. */
export function regexLiterals(dir: string): Pattern[] {
  const found: Pattern[] = [];
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, "utf8");
    const parsed = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(parsed);
        const end = literal.lastIndexOf("/");
        const line = parsed.getLineAndCharacterOfPosition(node.getStart(parsed)).line + 1;
        found.push({
          source: literal.slice(1, end),
          flags: literal.slice(end + 1),
          where: `${file}:${line}`,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(parsed);
  }
  return found;
}

/**
 * The regexes the modules under `dir` construct while they load (and while `after` runs, for those built
 * on demand): each `new RegExp` whose caller is a file of `dir`.
 */
export async function constructedRegexes(
  dir: string,
  after: () => Promise<void> = async () => {},
): Promise<Pattern[]> {
  const found: Pattern[] = [];
  const Real = RegExp;
  const inside = fileURLToPath(pathToFileURL(dir));
  globalThis.RegExp = new Proxy(Real, {
    construct(target, args, newTarget) {
      const made = Reflect.construct(target, args, newTarget) as RegExp;
      const caller = (new Error().stack ?? "")
        .split("\n")
        .slice(2)
        .find((line) => !line.includes("node:"));
      if (caller?.includes(inside))
        found.push({ source: made.source, flags: made.flags, where: caller.trim() });
      return made;
    },
  });
  try {
    for (const file of sourceFiles(dir)) await import(pathToFileURL(file).href);
    await after();
  } finally {
    globalThis.RegExp = Real;
  }
  return found;
}
