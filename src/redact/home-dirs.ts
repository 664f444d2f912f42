import { type Detector, HOME_DIRECTORY_KIND, regexDetector } from "./finding.js";

// A path like /home/alice/src names its user in every tool call. Each home is matched in every spelling
// a session can hold it in: Windows paths with either slash, any drive-letter case and JSON-doubled
// backslashes; Git Bash's /c/Users/alice; WSL's /mnt/c/Users/alice.

/** Folders under `Users` that belong to nobody in particular. */
const NOT_A_USER = new Set(["shared", "public", "default", "default user", "all users"]);

/** The home inside a working directory, in the spelling the directory uses, or null. */
function homeIn(cwd: string): string | null {
  const patterns = [
    /^\/home\/[^/]+/,
    /^\/Users\/[^/]+/,
    /^\/root(?=\/|$)/,
    /^[A-Za-z]:[\\/]+Users[\\/]+[^\\/]+/i,
    /^\/[A-Za-z]\/Users\/[^/]+/i,
    /^\/mnt\/[A-Za-z]\/Users\/[^/]+/i,
  ];
  for (const pattern of patterns) {
    const home = pattern.exec(cwd)?.[0];
    if (home === undefined) continue;
    const user = home.split(/[\\/]+/).at(-1) ?? "";
    return NOT_A_USER.has(user.toLowerCase()) ? null : home;
  }
  return null;
}

/**
 * The home directories to hide: the current user's, plus the one the session's working directory lies in
 * (`/home/alice/x` -> `/home/alice`, `C:\Users\alice\x` -> `C:\Users\alice`, `/c/Users/alice`). A home
 * of `/` (some containers) hides nothing and is dropped.
 */
export function homeDirsFrom(cwd: string | null, currentHome: string): string[] {
  const homes = [currentHome, cwd === null ? null : homeIn(cwd)];
  const kept: string[] = [];
  for (const home of homes) {
    if (home === null || segments(home).length === 0 || kept.includes(home)) continue;
    kept.push(home);
  }
  return kept;
}

/** A home's path split into names, without a drive letter or Git Bash / WSL drive prefix. */
function segments(home: string): string[] {
  return home
    .replace(/^[A-Za-z]:/, "")
    .split(/[\\/]+/)
    .filter((part) => part !== "");
}

/** Escapes for a `u` regex, where escaping anything but syntax characters is an error. */
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Each letter as `[aA]`: Windows paths match whatever their case. */
const caseless = (text: string): string =>
  [...text]
    .map((char) =>
      char.toLowerCase() === char.toUpperCase()
        ? escapeRegex(char)
        : `[${char.toLowerCase()}${char.toUpperCase()}]`,
    )
    .join("");

/** The regex alternatives that spell one home. */
function spellings(home: string): string[] {
  const windows = /^([A-Za-z]):[\\/]+(.+)$/.exec(home) ?? /^(?:\/mnt)?\/([A-Za-z])\/(Users\/.+)$/i.exec(home);
  if (windows === null) return [`/${segments(home).map(escapeRegex).join("/")}`];
  const drive = caseless(windows[1] ?? "");
  const rest = segments(windows[2] ?? "").map(caseless);
  return [`${drive}:[\\\\/]+${rest.join("[\\\\/]+")}`, `(?:/mnt)?/${drive}/${rest.join("/")}`];
}

/** Characters that would continue a path name: a home must not be followed or preceded by one. */
const NAME_CHAR = String.raw`[\p{L}\p{N}_.~$@%+-]`;

/**
 * A detector for the given home directories as path prefixes (followed by a separator, a non-name
 * character or the end), so `/home/alice` matches in `/home/alice/x` but not in `/home/alicex` or
 * `/srv/home/alice`. Null when there is nothing to hide.
 */
export function homeDetector(homes: readonly string[]): Detector | null {
  const alternatives = homes
    .filter((home) => segments(home).length > 0)
    .flatMap(spellings)
    .sort((a, b) => b.length - a.length);
  if (alternatives.length === 0) return null;
  const pattern = new RegExp(`(?<!${NAME_CHAR})(?:${alternatives.join("|")})(?!${NAME_CHAR})`, "gu");
  return regexDetector(HOME_DIRECTORY_KIND, pattern);
}
