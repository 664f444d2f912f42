import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { MANIFEST_FILE } from "../../src/archive/model/manifest.js";
import { ROOT } from "../helpers/paths.js";
import { writePiFolder } from "./pi-folder.js";

/** The built command, as a user runs it. */
export const CLI = join(ROOT, "dist/bin/pi-report.js");

/** A folder of `count` sessions (copies of one, under their own names, in 4 project folders). */
export function writeManySessions(count: number): string {
  const session = readFileSync(writePiFolder().files.original);
  const root = mkdtempSync(join(tmpdir(), "pi-archive-many-"));
  for (let i = 0; i < count; i += 1) {
    const folder = join(root, `--home-dev-p${i % 4}--`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `2025-06-01T09-00-${String(i).padStart(3, "0")}Z_s${i}.jsonl`), session);
  }
  return root;
}

/** Every file under `site`, by its path in the site (`/`-separated). */
export function siteFiles(site: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(relative(site, path).split("\\").join("/"));
    }
  };
  walk(site);
  return files.sort();
}

/**
 * The names a finished site holds: its four top files, the reports in `sessions/`, the search's files and
 * the text its shards are built from.
 */
export const isFinalName = (file: string): boolean =>
  ["index.html", "archive.json", "costs.csv", MANIFEST_FILE].includes(file) ||
  /^sessions\/[^/]+\/[^/]+\.html$/.test(file) ||
  /^search\/(minisearch|shard-[0-9]{2})\.js$/.test(file) ||
  /^pi-report-search\/shard-[0-9]{2}\.jsonl$/.test(file) ||
  /^index-[0-9]+\.html$/.test(file);

/** Starts `pi-report archive folder -o site` in a process of its own. */
export function startArchive(folder: string, site: string) {
  const child = spawn(process.execPath, [CLI, "archive", folder, "-o", site], { stdio: "pipe" });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve) => child.on("close", (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, ended };
}

/** Waits (polling every few ms, up to `timeoutMs`) until `test` holds. */
export async function waitFor(test: () => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > until) throw new Error("waited too long");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
