import { describe, expect, test } from "vitest";
import { createRedactor, homeDirsFrom } from "../../src/redact/index.js";

describe("homeDirsFrom", () => {
  test.each([
    ["/home/alice/src/app", "/root", ["/root", "/home/alice"]],
    ["/Users/alice/work", "/home/ci", ["/home/ci", "/Users/alice"]],
    ["C:\\Users\\alice\\proj", "/home/ci", ["/home/ci", "C:\\Users\\alice"]],
    ["c:/users/Alice/proj", "/home/ci", ["/home/ci", "c:/users/Alice"]],
    ["/c/Users/alice/proj", "/home/ci", ["/home/ci", "/c/Users/alice"]],
    ["/mnt/c/Users/alice/proj", "/home/ci", ["/home/ci", "/mnt/c/Users/alice"]],
    ["/root/project", "/root", ["/root"]],
    ["/data/data/com.termux/files/home/x", "/root", ["/root", "/data/data/com.termux/files/home"]],
    ["/home/alice", "/home/alice", ["/home/alice"]],
    ["/srv/app", "/home/ci", ["/home/ci"]],
    ["/Users/Shared/app", "/home/ci", ["/home/ci"]],
    [null, "/home/ci", ["/home/ci"]],
    ["/home/alice/x", "/", ["/home/alice"]],
  ] as const)("cwd %s, home %s", (cwd, home, expected) => {
    expect(homeDirsFrom(cwd, home)).toEqual(expected);
  });
});

describe("home directories become ~", () => {
  const cases: readonly [string, string[], string, string][] = [
    ["Linux", ["/home/alice"], "cd /home/alice/src && cat /home/alice", "cd ~/src && cat ~"],
    ["macOS", ["/Users/alice"], "open /Users/alice/Desktop/a.png", "open ~/Desktop/a.png"],
    ["Linux, in capitals as macOS's disk takes it", ["/home/alice"], "/HOME/ALICE/z", "~/z"],
    ["Windows, backslashes", ["C:\\Users\\alice"], "dir C:\\Users\\alice\\proj", "dir ~\\proj"],
    ["Windows, slashes and another case", ["C:\\Users\\alice"], "c:/users/Alice/proj", "~/proj"],
    [
      "Windows, JSON-escaped",
      ["C:\\Users\\alice"],
      '{"cwd":"C:\\\\Users\\\\alice\\\\proj"}',
      '{"cwd":"~\\\\proj"}',
    ],
    ["Git Bash", ["C:\\Users\\alice"], "cd /c/Users/alice/proj", "cd ~/proj"],
    ["Git Bash home given", ["/c/Users/alice"], "C:\\Users\\alice\\x and /c/Users/alice/y", "~\\x and ~/y"],
    ["WSL", ["C:\\Users\\alice"], "ls /mnt/c/Users/alice/proj", "ls ~/proj"],
    ["a file URL", ["/home/alice"], "file:///home/alice/a.html", "file://~/a.html"],
    ["after a literal \\n in escaped text", ["/home/alice"], '"a\\n/home/alice/x"', '"a\\n~/x"'],
    [
      "in quotes and after a colon",
      ["/home/alice"],
      '"/home/alice" PATH=/usr/bin:/home/alice/bin',
      '"~" PATH=/usr/bin:~/bin',
    ],
    [
      "in the name of Pi's session folder for a directory below it",
      ["/home/alice"],
      "~/.pi/agent/sessions/--home-alice-work-acme--/s.jsonl and --home-alice--",
      "~/.pi/agent/sessions/--~-work-acme--/s.jsonl and --~--",
    ],
    [
      "in the name of Pi's session folder on Windows",
      ["C:\\Users\\alice"],
      "sessions\\--C--Users-alice-proj--\\s.jsonl",
      "sessions\\--~-proj--\\s.jsonl",
    ],
  ];
  test.each(cases)("%s", async (_what, homes, input, expected) => {
    const redactor = await createRedactor({ homeDirs: homes, secrets: false });
    const { strings, counts } = await redactor.redact([input]);
    expect(strings[0]).toBe(expected);
    expect(Object.keys(counts)).toEqual(["home-directory"]);
  });

  test("counts each occurrence under home-directory, apart from secrets", async () => {
    const redactor = await createRedactor({ homeDirs: ["/home/alice"] });
    const { counts } = await redactor.redact([
      "/home/alice/a /home/alice/b",
      "DB_PASSWORD=hunter22 in /home/alice",
    ]);
    expect(counts).toEqual({ "home-directory": 3, password: 1 });
  });

  test.each([
    ["the same path under another root", "/srv/home/alice/x /data/home/alice"],
    ["a folder name not starting a name", "x--home-alice-y--"],
    ["a flag that only looks like one", "--home-alice=1"],
  ])("leaves %s alone", async (_what, input) => {
    const redactor = await createRedactor({ homeDirs: ["/home/alice", "C:\\Users\\alice"], secrets: false });
    const { strings, counts } = await redactor.redact([input]);
    expect(strings[0]).toBe(input);
    expect(counts).toEqual({});
  });

  test("a pattern of one's own inside a home path leaves ~; one reaching past it still wins", async () => {
    const redactor = await createRedactor({
      homeDirs: ["/Users/alice"],
      patterns: ["alice", "alice/secret"],
    });
    const { strings, counts } = await redactor.redact(["/Users/alice/work", "/Users/alice/secret-plan"]);
    // "alice" lies wholly inside "/Users/alice", which ~ already hides; "alice/secret" reaches past it.
    expect(strings).toEqual(["~/work", "[redacted: custom]-plan"]);
    expect(counts).toEqual({ custom: 1, "home-directory": 1 });
  });

  test("a home of / hides nothing", async () => {
    const redactor = await createRedactor({ homeDirs: ["/", ""], secrets: false });
    expect((await redactor.redact(["/usr/bin"])).strings).toEqual(["/usr/bin"]);
  });
});

// F21: a session made outside any home (cwd /Volumes/…) still names homes; each is hidden by its shape,
// whoever's it is and whether or not it was given.
describe("every home directory, by its shape", () => {
  const cases: readonly [string, string, string][] = [
    ["macOS", "cat /Users/alicesmith/.pi/tasks/plan.md", "cat ~/.pi/tasks/plan.md"],
    ["Linux", "cat /home/alicesmith/.bashrc", "cat ~/.bashrc"],
    ["a longer name than a given home's", "/home/alicex/src", "~/src"],
    ["a name with a dot or a dash", "/home/alice.bak /home/alice-old/x", "~ ~/x"],
    ["a home alone", '"/home/bob" and /Users/bob.', '"~" and ~.'],
    ["Windows", "C:\\Users\\alicesmith\\notes.txt", "~\\notes.txt"],
    ["Windows, another drive and case", "d:/users/Alice/x", "~/x"],
    ["Windows, JSON-escaped", '{"p":"C:\\\\Users\\\\alicesmith\\\\x"}', '{"p":"~\\\\x"}'],
    ["Windows, a name with a space", "C:\\Users\\John Smith\\Desktop", "~\\Desktop"],
    ["Git Bash and WSL", "/c/Users/alice/x /mnt/d/Users/alice/y", "~/x ~/y"],
    ["root's", "cat /root/.aws/credentials; cd /root", "cat ~/.aws/credentials; cd ~"],
    ["Termux's", "/data/data/com.termux/files/home/.ssh/id_ed25519", "~/.ssh/id_ed25519"],
    ["a doubled or dotted separator", "/home//alice/w and /home/./alice/v", "~/w and ~/v"],
    ["a file URL", "file:///Users/alice/a.html", "file://~/a.html"],
    [
      "Pi's folder names",
      "sessions/--Users-alicesmith-dev-app--/s.jsonl --home-bob--",
      "sessions/--~-dev-app--/s.jsonl --~--",
    ],
    [
      "Pi's folder names on Windows, Git Bash, root and Termux",
      "--C--Users-alice-proj--/a --c-Users-alice-x--/b --root-app--/c --data-data-com.termux-files-home-x--/d",
      "--~-proj--/a --~-x--/b --~-app--/c --~-x--/d",
    ],
  ];
  test.each(cases)("%s", async (_what, input, expected) => {
    const redactor = await createRedactor({ homeDirs: [], secrets: false });
    const { strings, counts } = await redactor.redact([input]);
    expect(strings[0]).toBe(expected);
    expect(Object.keys(counts)).toEqual(["home-directory"]);
  });

  test.each([
    ["a folder called home, and a word starting with it", "cd /home/ && open /homepage /home"],
    ["shared Users folders", "/Users/Shared/x C:\\Users\\Public\\y /Users/Default"],
    ["web routes", "GET /users/42 and /api/home/x and https://example.com/home/alice"],
    ["a path below another root", "/srv/home/alice ./home/alice src/Users/bob"],
    ["names that only start like root's", "/rootfs /root.txt"],
    ["~ alone, and a revision", "~/x HEAD~1/ ~5/10"],
    ["flags that look like Pi's folder names", "--home-dir=x --home-dir-path=y --users-per-page 3"],
    ["Homebrew on Linux", "/home/linuxbrew/.linuxbrew/bin/brew"],
  ])("leaves %s alone", async (_what, input) => {
    const redactor = await createRedactor({ homeDirs: [], secrets: false });
    const { strings, counts } = await redactor.redact([input]);
    expect(strings[0]).toBe(input);
    expect(counts).toEqual({});
  });

  test("a given home's user is also hidden as ~name", async () => {
    const redactor = await createRedactor({ homeDirs: ["/home/alice"], secrets: false });
    expect((await redactor.redact(["echo ~alice and ~alicex"])).strings).toEqual(["echo ~ and ~alicex"]);
  });
});
