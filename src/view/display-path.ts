/**
 * A tool's path as a reader wants it: relative to the session's cwd when inside it. Paths may start
 * with `@`, be `file://` URLs, or be Git Bash paths (`/d/work`) for a Windows cwd (`D:\work`).
 */
export function displayPath(path: string, cwd: string | null): string {
  let clean = path.startsWith("@") ? path.slice(1) : path;
  if (clean.startsWith("file://")) {
    try {
      clean = decodeURIComponent(new URL(clean).pathname);
    } catch {
      // Not a URL after all: show it as written.
    }
  }
  if (cwd === null || cwd === "") return clean;
  const base = comparable(cwd);
  const target = comparable(clean);
  if (target.path === base.path) return ".";
  if (target.path.startsWith(`${base.path}/`) && target.windows === base.windows) {
    return target.original.slice(base.path.length + 1);
  }
  return clean;
}

/** A path with `/` separators, drive letters as Git Bash writes them, lower-cased on Windows. */
function comparable(path: string): { path: string; original: string; windows: boolean } {
  const drive = /^([A-Za-z]):[\\/]/.exec(path);
  const gitBash = /^\/([a-zA-Z])\//.exec(path);
  if (drive !== null || gitBash !== null) {
    const letter = ((drive ?? gitBash) as RegExpExecArray)[1]?.toLowerCase();
    const rest = path.slice(drive !== null ? 3 : 3).replaceAll("\\", "/");
    const normal = `/${letter}/${rest}`.replace(/(?<!\/)\/+$/, "");
    return { path: normal.toLowerCase(), original: normal, windows: true };
  }
  const normal = path.replace(/(?<!\/)\/+$/, "");
  return { path: normal, original: normal, windows: false };
}
