/**
 * The few parts of Pi's extension API (`@earendil-works/pi-coding-agent`, `ExtensionAPI`) that `/report`
 * uses, as Pi 1.6 declares them. Pi supplies its API to an extension at run time; declaring the shapes here
 * keeps Pi out of this package's dependencies (the CLI's users would otherwise install all of Pi).
 */

/** What a command handler is given (Pi's `ExtensionCommandContext`, the parts used). */
export interface PiCommandContext {
  /** The session's working directory. */
  cwd: string;
  /** `tui`, `rpc`, `json` or `print`. */
  mode: string;
  /** True in the terminal UI and in RPC mode, where `ui.notify` reaches the user. */
  hasUI: boolean;
  ui: { notify(message: string, type?: "info" | "warning" | "error"): void };
  sessionManager: {
    /** The session's JSONL file; undefined for an in-memory session (`--no-session`). */
    getSessionFile(): string | undefined;
  };
}

/** One suggestion for a command's argument. */
export interface PiCompletion {
  value: string;
  label: string;
  description?: string;
}

/** Pi's `ExtensionAPI`, the part used. */
export interface PiExtensionApi {
  registerCommand(
    name: string,
    options: {
      description?: string;
      getArgumentCompletions?: (prefix: string) => PiCompletion[] | null;
      handler: (args: string, ctx: PiCommandContext) => Promise<void>;
    },
  ): void;
}
