import type { EventEmitter } from "node:events";

/**
 * How long to wait for the opener (`xdg-open`, `open`, PowerShell) to say whether it found a program. It
 * exits within tens of milliseconds either way; one that is still running after this is taken to have
 * handed the page to a browser (some stay until the browser closes: the command must not wait for that).
 */
export const OPENER_GRACE_MS = 1500;

/** The line printed when the report could not be opened, and why. */
const couldNotOpen = (path: string, why: string): string =>
  `pi-report: could not open ${path} (${why}); open it yourself.\n`;

/**
 * Waits for the opener's verdict and says when it failed: `open` resolves as soon as its launcher starts,
 * and a launcher that finds no browser (`xdg-open: no method available`) exits non-zero in silence.
 * Resolves after the launcher closes or `graceMs`, whichever comes first.
 */
export function reportOpenerFailure(
  launcher: EventEmitter,
  path: string,
  stderr: { write(text: string): unknown },
  graceMs = OPENER_GRACE_MS,
): Promise<void> {
  return new Promise((done) => {
    // Not unref'd: `open` unrefs the launcher, so this timer is what keeps the process up to hear from it.
    const timer = setTimeout(done, graceMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      stderr.write(couldNotOpen(path, why));
      done();
    };
    launcher.once("error", (error: Error) => fail(error.message));
    launcher.once("close", (code: number | null) => {
      if (code !== 0 && code !== null)
        fail(`the opener exited with code ${code}: no program to open it with?`);
      else {
        clearTimeout(timer);
        done();
      }
    });
  });
}

/** Opens the written report with the system's opener, and says so when that fails. */
export async function openReport(path: string, stderr: { write(text: string): unknown }): Promise<void> {
  const { default: open } = await import("open");
  try {
    await reportOpenerFailure(await open(path, { wait: false }), path, stderr);
  } catch (error) {
    stderr.write(couldNotOpen(path, error instanceof Error ? error.message : String(error)));
  }
}
