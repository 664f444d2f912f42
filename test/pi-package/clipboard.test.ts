import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clipboardCommands, copyToClipboard } from "../../src/pi-extension/clipboard.js";

const names = (platform: NodeJS.Platform, env: NodeJS.ProcessEnv) =>
  clipboardCommands(platform, env).map((one) => one.command);

describe("the clipboard programs tried", () => {
  it("are the platform's own on macOS and Windows", () => {
    expect(names("darwin", {})).toEqual(["pbcopy"]);
    expect(names("win32", {})).toEqual(["clip.exe"]);
  });

  it("on Linux follow the display: Wayland's, then X11's, none without a display", () => {
    expect(names("linux", { WAYLAND_DISPLAY: "wayland-0" })).toEqual(["wl-copy"]);
    expect(names("linux", { DISPLAY: ":0" })).toEqual(["xclip", "xsel"]);
    expect(names("linux", { WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" })).toEqual([
      "wl-copy",
      "xclip",
      "xsel",
    ]);
    expect(names("linux", { WSL_DISTRO_NAME: "Ubuntu" })).toEqual(["clip.exe"]);
  });
});

describe("copyToClipboard", () => {
  const dir = mkdtempSync(join(tmpdir(), "clipboard-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives the text to the first program that works and names it", async () => {
    const received = join(dir, "received.txt");
    const works = join(dir, "works");
    writeFileSync(works, `#!/bin/sh\ncat > "${received}"\n`);
    chmodSync(works, 0o755);
    const fails = join(dir, "fails");
    writeFileSync(fails, "#!/bin/sh\nexit 1\n");
    chmodSync(fails, 0o755);
    const text = "## Summary · cost $0.01 — ünïcode\n";
    const used = await copyToClipboard(text, [
      { command: join(dir, "missing"), args: [] },
      { command: fails, args: [] },
      { command: works, args: [] },
    ]);
    expect(used).toBe(works);
    expect(readFileSync(received, "utf8")).toBe(text);
  });

  it("says null when no program is there", async () => {
    expect(await copyToClipboard("x", [{ command: join(dir, "missing"), args: [] }])).toBeNull();
    expect(await copyToClipboard("x", [])).toBeNull();
  });
});
