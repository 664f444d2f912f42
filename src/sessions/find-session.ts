import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { UsageError } from "../output/usage-error.js";

/**
 * Where Pi keeps sessions, and whether every project's files sit side by side (a session dir set by hand),
 * as Pi 1.6 decides it (dist/main.js): `PI_CODING_AGENT_SESSION_DIR`, else the `sessionDir` setting (the
 * project's `.pi/settings.json` over the global `<agent dir>/settings.json`; `~` expanded, a relative path
 * from `cwd`), else `<agent dir>/sessions/`. Without `cwd` only the global setting is read.
 */
export function piSessionsRoot(
  env: Record<string, string | undefined>,
  cwd?: string,
): { dir: string; flat: boolean } {
  const home = env.HOME || homedir();
  if (env.PI_CODING_AGENT_SESSION_DIR) return { dir: env.PI_CODING_AGENT_SESSION_DIR, flat: true };
  const agentDir = env.PI_CODING_AGENT_DIR || join(home, ".pi", "agent");
  const settings = [
    ...(cwd === undefined ? [] : [join(cwd, ".pi", "settings.json")]),
    join(agentDir, "settings.json"),
  ];
  for (const path of settings) {
    const setting = sessionDirSetting(path);
    if (setting === undefined) continue;
    const expanded =
      setting === "~" ? home : setting.startsWith("~/") ? join(home, setting.slice(2)) : setting;
    return { dir: cwd === undefined ? expanded : resolve(cwd, expanded), flat: true };
  }
  return { dir: join(agentDir, "sessions"), flat: false };
}

/**
 * oh-my-pi's sessions folder: `$OMP_CODING_AGENT_DIR/sessions`, else `~/.omp/agent/sessions`
 * (can1357/oh-my-pi src/config.ts getAgentDir/getSessionsDir); one folder per cwd, named as Pi names
 * them (session-manager.ts getDefaultSessionDir).
 */
export function ompSessionsRoot(env: Record<string, string | undefined>): string {
  return join(env.OMP_CODING_AGENT_DIR || join(env.HOME || homedir(), ".omp", "agent"), "sessions");
}

/**
 * The folder `archive` reads when given none: Pi's, else oh-my-pi's when only that one is there (one
 * folder per run: give the other as an argument to archive both).
 */
export function defaultSessionsFolder(env: Record<string, string | undefined>): string {
  const pi = piSessionsRoot(env).dir;
  const omp = ompSessionsRoot(env);
  return !existsSync(pi) && existsSync(omp) ? omp : pi;
}

/** The `sessionDir` a Pi settings file sets, if it can be read and sets one. */
function sessionDirSetting(path: string): string | undefined {
  try {
    const settings = JSON.parse(readFileSync(path, "utf8")) as { sessionDir?: unknown };
    return typeof settings.sessionDir === "string" && settings.sessionDir !== ""
      ? settings.sessionDir
      : undefined;
  } catch {
    return undefined;
  }
}

/** Pi's folder name for a cwd: leading separator dropped, every `/`, `\` and `:` turned into `-`. */
export function projectFolderName(cwd: string): string {
  return `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
}

/** The `cwd` in a session file's header, reading no more than its first line; undefined when it has none. */
export function headerCwd(path: string): string | undefined {
  const buffer = Buffer.alloc(64 * 1024);
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const line = buffer.toString("utf8", 0, read).split("\n", 1)[0] ?? "";
    const header = JSON.parse(line) as { type?: unknown; kind?: unknown; version?: unknown; cwd?: unknown };
    // v1-v3 headers are `type: "session"`; the agent core's v4 header is `kind: "header"`, version 4.
    const isHeader = header.type === "session" || (header.kind === "header" && header.version === 4);
    return isHeader && typeof header.cwd === "string" ? header.cwd : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function newest(paths: string[]): string | undefined {
  let best: { path: string; time: number } | undefined;
  for (const path of paths) {
    const time = statSync(path).mtimeMs;
    if (best === undefined || time > best.time || (time === best.time && path > best.path))
      best = { path, time };
  }
  return best?.path;
}

/**
 * The newest session Pi wrote for `cwd`: in `<sessions>/--<cwd>--/`, or, with a session dir set by hand
 * (all projects together), the newest file whose header names this cwd; or oh-my-pi's in its own
 * `<sessions>/--<cwd>--/`, when that one is newer.
 *
 * @throws {UsageError} when there is none, naming where it looked.
 */
export function newestSessionFor(cwd: string, env: Record<string, string | undefined>): string {
  const root = piSessionsRoot(env, cwd);
  const dir = root.flat ? root.dir : join(root.dir, projectFolderName(cwd));
  const ompDir = join(ompSessionsRoot(env), projectFolderName(cwd));
  const files = sessionFilesIn(dir);
  const candidates = [
    ...(root.flat ? files.filter((path) => headerCwd(path) === cwd) : files),
    ...sessionFilesIn(ompDir),
  ];
  const found = newest(candidates);
  if (found === undefined) {
    throw new UsageError(
      `no Pi session for ${cwd} in ${dir} (nor oh-my-pi's ${ompDir}); give a session file: pi-report <session.jsonl>.`,
    );
  }
  return found;
}

/** The `.jsonl` files directly in a folder; none when it is not there. */
function sessionFilesIn(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith(".jsonl"))
        .map((name) => join(dir, name))
    : [];
}
