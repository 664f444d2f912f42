/**
 * `--open`: the opener's launcher exits non-zero when it finds no program (`xdg-open: no method
 * available`), which `open` does not report. Driven here by a stand-in launcher.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { reportOpenerFailure } from "../../src/cli/open-report.js";

function run(act: (launcher: EventEmitter) => void, graceMs = 1000): Promise<string> {
  const launcher = new EventEmitter();
  const written: string[] = [];
  const done = reportOpenerFailure(
    launcher,
    "r.html",
    { write: (text: string) => written.push(text) },
    graceMs,
  );
  act(launcher);
  return done.then(() => written.join(""));
}

describe("reportOpenerFailure", () => {
  it("says so when the launcher exits non-zero", async () => {
    expect(await run((launcher) => launcher.emit("close", 3))).toBe(
      "pi-report: could not open r.html (the opener exited with code 3: no program to open it with?); open it yourself.\n",
    );
  });
  it("says so when the launcher cannot start", async () => {
    expect(await run((launcher) => launcher.emit("error", new Error("spawn xdg-open ENOENT")))).toBe(
      "pi-report: could not open r.html (spawn xdg-open ENOENT); open it yourself.\n",
    );
  });
  it("says nothing when it exits 0, or is still running when the grace period ends", async () => {
    expect(await run((launcher) => launcher.emit("close", 0))).toBe("");
    const started = Date.now();
    expect(await run(() => {}, 50)).toBe("");
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
