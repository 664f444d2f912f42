import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const PACKAGE_NAME = "pi-session-report";

/**
 * The package's root folder (where `package.json`, `templates/` and `dist/` are), found by walking up from
 * this module. Walking, rather than a fixed `../..`, because this code runs from three depths: `src/` under
 * the tests, `dist/` as the library, and `dist/bin/` as the bundled command.
 */
function findPackageRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { name?: unknown };
      if (manifest.name === PACKAGE_NAME) return folder;
    } catch {
      // No package.json here (or not ours): keep walking up.
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`${PACKAGE_NAME}: cannot find the package root above ${folder}`);
    folder = parent;
  }
}

/** The package root, absolute, without a trailing separator. */
export const PACKAGE_ROOT: string = findPackageRoot();

/** A path inside the package, from its root: `packagePath("templates", "markdown")`. */
export function packagePath(...segments: string[]): string {
  return join(PACKAGE_ROOT, ...segments);
}

/**
 * A worker thread's compiled script: `beside` (a URL next to the calling module) when it exists, as in
 * `dist/` (the library) and `dist/bin/` (the bundled command, where each worker is an entry of its own);
 * otherwise the build's copy at `fromRoot`, for the tests, which run the TypeScript sources that a worker
 * thread cannot load.
 */
export function compiledScript(beside: URL, ...fromRoot: string[]): URL {
  return existsSync(beside) ? beside : pathToFileURL(packagePath(...fromRoot));
}
