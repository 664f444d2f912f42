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
    ["a longer user name", "/home/alicex/src"],
    ["a sibling with a suffix", "/home/alice.bak /home/alice-old"],
    ["the same path under another root", "/srv/home/alice/x /data/home/alice"],
    ["another user", "/home/bob/x C:\\Users\\alicia"],
    ["another drive's Users folder", "D:\\Users\\alice\\x"],
    [
      "a folder name of another user, or not starting a name",
      "--home-alicex-app-- --home-bob-x-- x--home-alice-y--",
    ],
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
