import { type Detector, HOME_DIRECTORY_KIND, regexDetector } from "./finding.js";
import { homeShapesDetector, NAME_CHAR, NOT_A_USER } from "./home-shapes.js";

// A path like /home/alice/src names its user in every tool call. Each home is matched in every spelling
// a session can hold it in: Windows paths with either slash, any drive-letter case and JSON-doubled
// backslashes; Git Bash's /c/Users/alice; WSL's /mnt/c/Users/alice.

/** The home inside a working directory, in the spelling the directory uses, or null. */
function homeIn(cwd: string): string | null {
  const patterns = [
    /^\/home\/[^/]+/,
    /^\/Users\/[^/]+/,
    /^\/root(?=\/|$)/,
    /^\/data\/data\/com\.termux\/files\/home(?=\/|$)/,
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
  const windows =
    /^([A-Za-z]):[\\/]+([^\\/].*)$/.exec(home) ?? /^(?:\/mnt)?\/([A-Za-z])\/(Users\/.+)$/i.exec(home);
  // Caseless also here: macOS's disk is, so `/USERS/ALICE` is alice's home there.
  if (windows === null) return [`/${segments(home).map(caseless).join("/")}`];
  const drive = caseless(windows[1] ?? "");
  const rest = segments(windows[2] ?? "").map(caseless);
  return [`${drive}:[\\\\/]+${rest.join("[\\\\/]+")}`, `(?:/mnt)?/${drive}/${rest.join("/")}`];
}

/**
 * A home as it stands in the name of Pi's session folder for a directory below it: Pi names the folder
 * after the cwd, its separators (and a drive's colon) turned into `-`, between `--` and `--`
 * (`/home/alice/app` -> `--home-alice-app--`, `C:\Users\alice\app` -> `--C--Users-alice-app--`).
 */
function folderSpelling(home: string): string {
  const windows = /^([A-Za-z]):[\\/]+([^\\/].*)$/.exec(home);
  if (windows === null) return segments(home).map(escapeRegex).join("-");
  return [`${caseless(windows[1] ?? "")}-`, ...segments(windows[2] ?? "").map(caseless)].join("-");
}

/**
 * A detector for the given home directories as path prefixes (followed by a separator, a non-name
 * character or the end), so `/home/alice` matches in `/home/alice/x` but not in `/home/alicex` or
 * `/srv/home/alice`, as Pi's session folder names spell them (`--home-alice-x--`), and as `~alice`; and
 * for every home of the usual shapes besides (see `homeShapesDetector`), whoever's it is.
 */
export function homeDetector(homes: readonly string[]): Detector {
  const kept = homes.filter((home) => segments(home).length > 0);
  const byLength = (a: string, b: string) => b.length - a.length;
  const alternatives = kept.flatMap(spellings).sort(byLength);
  if (alternatives.length === 0) return homeShapesDetector;
  // Pi's session folder names spell the home too (`--home-alice-app--` -> `--~-app--`): only where a
  // folder name starts (`--` at the start of a name) and goes on into the directory below it (`-`).
  // Apart, and only in a text that holds one: its look-behind at every position of every string cost
  // the bench session's redaction 75 ms; no more than 2 this way.
  const folders = kept.map(folderSpelling).sort(byLength).join("|");
  // The shell's `~alice` is alice's home by her name alone; only a given home's name is known to be one.
  const users = [...new Set(kept.map((home) => segments(home).at(-1) ?? ""))].map(escapeRegex).sort(byLength);
  const paths = regexDetector(
    HOME_DIRECTORY_KIND,
    new RegExp(
      `(?<!${NAME_CHAR})(?:${[...alternatives, `~(?:${users.join("|")})`].join("|")})(?!${NAME_CHAR})`,
      "gu",
    ),
  );
  const folderNames = regexDetector(
    HOME_DIRECTORY_KIND,
    new RegExp(`(?<=(?<!${NAME_CHAR})--)(?:${folders})(?=-)`, "gu"),
    { needle: new RegExp(`--(?:${folders})-`, "u") },
  );
  return {
    kind: HOME_DIRECTORY_KIND,
    find: (text) => [...paths.find(text), ...folderNames.find(text), ...homeShapesDetector.find(text)],
  };
}
