import { type Detector, HOME_DIRECTORY_KIND, regexDetector } from "./finding.js";

// Home directories of any user, known by their shape rather than given: a session made in /Volumes/x
// still reads /Users/alice/.ssh, a server's /home/deploy, a Windows share's C:\Users\alice. Each is
// hidden up to its user's folder; the rest of the path stays readable (`/home/bob/app` -> `~/app`).

/** Characters that would continue a path name: a home must not be followed or preceded by one. */
export const NAME_CHAR = String.raw`[\p{L}\p{N}_.~$@%+-]`;

/** A user's folder name: no separator, no space, no quote. `.` and `..` are refused in `acceptName`. */
const NAME = String.raw`[\p{L}\p{N}_.$@+-]*[\p{L}\p{N}_$@+-]`;

/** No name goes on past a home; a full stop may end a sentence after one (`in /home/bob.`). */
const NAME_ENDS = String.raw`(?![\p{L}\p{N}_~$@%+-]|\.${NAME_CHAR})`;

/** A user's name in a session folder's name, where `-` separates the names of folders. */
const FOLDER_NAME = String.raw`[\p{L}\p{N}_.$@+]+`;

/** A Windows user folder may hold one space ("John Smith"), when a separator follows it. */
const WINDOWS_NAME = String.raw`${NAME}(?: ${NAME}(?=[\\/]))?`;

/** Folders under `/Users`, `/home` or `C:\Users` that belong to nobody in particular. */
export const NOT_A_USER: ReadonlySet<string> = new Set([
  "shared",
  "public",
  "default",
  "default user",
  "all users",
  "linuxbrew",
  ".",
  "..",
]);

/** A separator, repeated or with `./` between (`/home//alice`, `/home/./alice` are alice's home). */
const SLASHES = String.raw`/+(?:\./+)*`;
const EITHER_SLASHES = String.raw`[\\/]+(?:\.[\\/]+)*`;

/**
 * Path spellings of a home, each with its user's name as its one group where it has one: Linux, macOS,
 * root's, Termux's, Git Bash's and WSL's (`/c/Users/alice`, `/mnt/c/Users/alice`), after the `/` they
 * all start with. Lower-case `/users/…` is left alone: it is how web routes are spelled far more often
 * than a home. (The shell's `~alice` is left to the given homes: random text holds `~A0/` too.)
 */
const UNIX_SHAPES = [
  `home${SLASHES}(${NAME})`,
  `Users${SLASHES}(${NAME})`,
  `(?:mnt/)?[A-Za-z]/Users/(${NAME})`,
  "root",
  String.raw`data/data/com\.termux/files/home`,
];

/** Windows: either slash, any drive, JSON-doubled backslashes, `Users` in any case. */
const WINDOWS_SHAPE = `[A-Za-z]:${EITHER_SLASHES}[Uu][Ss][Ee][Rr][Ss]${EITHER_SLASHES}(${WINDOWS_NAME})`;

/**
 * The same homes as Pi spells them in the name of a session folder (`/home/alice/app` ->
 * `--home-alice-app--`, `C:\Users\alice` -> `--C--Users-alice--`). A user name with a `-` in it cannot be
 * told from the folder below it there: only the part before its first `-` is known to be the name.
 */
const FOLDER_SHAPES = [
  `home-(${FOLDER_NAME})`,
  `Users-(${FOLDER_NAME})`,
  `[A-Za-z]--[Uu]sers-(${FOLDER_NAME}(?: ${FOLDER_NAME})?)`,
  `(?:mnt-)?[A-Za-z]-Users-(${FOLDER_NAME})`,
  "root",
  String.raw`data-data-com\.termux-files-home`,
];

/**
 * A session folder's name runs on to `--` and ends there (at a separator, a quote, a space or the end):
 * `--home-dir-path=x`, a flag, does not.
 */
const FOLDER_END = String.raw`(?=-(?:[^\n\\/"'\x60]*?-)?-(?=$|[\s\\/"'\x60]))`;

/** Whether the user's folder a match names is somebody's (not `Shared`, `Public`, `.`). */
function acceptName(match: RegExpExecArray): boolean {
  // Each shape's name is its only group: the one that took part in the match.
  const name = match.slice(1).find((group) => group !== undefined);
  return name === undefined || !NOT_A_USER.has(name.toLowerCase());
}

// Starting with the `/` itself, not a look-behind, lets the regex engine skip to each `/`: with the
// look-behind first, it was five times as slow on text full of paths.
const unixHomes = regexDetector(
  HOME_DIRECTORY_KIND,
  new RegExp(`/(?<!${NAME_CHAR}/)(?:${UNIX_SHAPES.join("|")})${NAME_ENDS}`, "gu"),
  { accept: acceptName },
);

const windowsHomes = regexDetector(
  HOME_DIRECTORY_KIND,
  new RegExp(`(?<!${NAME_CHAR})${WINDOWS_SHAPE}${NAME_ENDS}`, "gu"),
  { accept: acceptName, needle: /[A-Za-z]:[\\/]+users/i },
);

const folderHomes = regexDetector(
  HOME_DIRECTORY_KIND,
  new RegExp(`(?<=(?<!${NAME_CHAR})--)(?:${FOLDER_SHAPES.join("|")})${FOLDER_END}`, "gu"),
  { accept: acceptName, needle: /--(?:home|users|root|data|mnt|[a-z]-)/iu },
);

/** Finds every home directory of the shapes above, in a path or in the name of Pi's session folder. */
export const homeShapesDetector: Detector = {
  kind: HOME_DIRECTORY_KIND,
  find: (text) => [...unixHomes.find(text), ...windowsHomes.find(text), ...folderHomes.find(text)],
};
