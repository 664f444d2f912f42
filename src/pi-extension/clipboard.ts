import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** A program that puts its standard input on the clipboard. */
export interface ClipboardCommand {
  command: string;
  args: string[];
}

/** Windows Subsystem for Linux: Windows' clip.exe is reachable, whether or not a Linux display is. */
function isWsl(env: NodeJS.ProcessEnv): boolean {
  if (env.WSL_DISTRO_NAME !== undefined || env.WSLENV !== undefined) return true;
  try {
    return /microsoft|wsl/i.test(readFileSync("/proc/version", "utf8"));
  } catch {
    return false;
  }
}

/**
 * The clipboard programs to try, in order, on this platform and display: macOS `pbcopy`, Windows and WSL
 * `clip.exe`, Wayland `wl-copy`, X11 `xclip` then `xsel`. Without a display there is no clipboard to write.
 */
export function clipboardCommands(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): ClipboardCommand[] {
  if (platform === "darwin") return [{ command: "pbcopy", args: [] }];
  if (platform === "win32") return [{ command: "clip.exe", args: [] }];
  const commands: ClipboardCommand[] = [];
  if (env.WAYLAND_DISPLAY) commands.push({ command: "wl-copy", args: [] });
  if (env.DISPLAY) {
    commands.push({ command: "xclip", args: ["-selection", "clipboard"] });
    commands.push({ command: "xsel", args: ["--clipboard", "--input"] });
  }
  if (platform === "linux" && isWsl(env)) commands.push({ command: "clip.exe", args: [] });
  return commands;
}

/** How long one clipboard program may take before the next is tried. */
const CLIPBOARD_TIMEOUT_MS = 5000;

/** Runs one clipboard program with `text` on its input; true when it exited with 0. */
function runClipboardCommand({ command, args }: ClipboardCommand, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    // No output pipes: xclip and xsel stay in the background to own the selection, and a pipe they held
    // open would keep this waiting. Detached, so they outlive Pi's process group.
    const child = spawn(command, args, {
      stdio: ["pipe", "ignore", "ignore"],
      detached: process.platform !== "win32",
      windowsHide: true,
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(false);
    }, CLIPBOARD_TIMEOUT_MS);
    child.once("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
    child.stdin.on("error", () => {}); // A program that is missing or exits early closes its input.
    child.stdin.end(text);
  });
}

/**
 * Puts `text` on the clipboard with the first program that works; returns its name, or null when no
 * clipboard program is there (a server, a container, a terminal with no display).
 */
export async function copyToClipboard(
  text: string,
  commands: readonly ClipboardCommand[] = clipboardCommands(),
): Promise<string | null> {
  for (const command of commands) if (await runClipboardCommand(command, text)) return command.command;
  return null;
}
