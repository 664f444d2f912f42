import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/** One JSON record Pi wrote on its RPC output. */
export type RpcRecord = { type?: string; id?: string; [key: string]: unknown };

/** Pi running in RPC mode (`pi --mode rpc`): commands in, records out, every wait bounded. */
export interface PiRpc {
  /** Every record Pi has written so far, in order. */
  records: RpcRecord[];
  /** Sends a command and resolves with Pi's response to it. */
  send(command: Record<string, unknown>): Promise<RpcRecord>;
  /** Resolves with the first record from now on that `match` accepts. */
  next(match: (record: RpcRecord) => boolean, what: string): Promise<RpcRecord>;
  /** What Pi wrote on standard error (its diagnostics, extension load errors). */
  stderr(): string;
  stop(): Promise<void>;
}

const WAIT_MS = 60_000;

/** Starts `node22 pi-cli.js --mode rpc ...args` in `cwd` with exactly `env`. */
export function startPiRpc(
  node22: string,
  piCli: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): PiRpc {
  const child: ChildProcessWithoutNullStreams = spawn(node22, [piCli, "--mode", "rpc", ...args], {
    cwd,
    env,
  });
  const records: RpcRecord[] = [];
  const waiters: { match: (record: RpcRecord) => boolean; found: (record: RpcRecord) => void }[] = [];
  let stderr = "";
  let pending = "";
  child.stderr.on("data", (data: Buffer) => {
    stderr += data.toString("utf8");
  });
  child.stdout.on("data", (data: Buffer) => {
    pending += data.toString("utf8");
    for (let newline = pending.indexOf("\n"); newline >= 0; newline = pending.indexOf("\n")) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() === "") continue;
      const record = JSON.parse(line) as RpcRecord;
      records.push(record);
      for (const waiter of [...waiters]) {
        if (waiter.match(record)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.found(record);
        }
      }
    }
  });
  const next = (match: (record: RpcRecord) => boolean, what: string): Promise<RpcRecord> =>
    new Promise((found, failed) => {
      const timer = setTimeout(
        () => failed(new Error(`Pi sent no ${what} in ${WAIT_MS} ms:\n${stderr}`)),
        WAIT_MS,
      );
      waiters.push({
        match,
        found: (record) => {
          clearTimeout(timer);
          found(record);
        },
      });
    });
  let sent = 0;
  return {
    records,
    next,
    send(command) {
      const id = `t${++sent}`;
      const response = next((record) => record.type === "response" && record.id === id, `response to ${id}`);
      child.stdin.write(`${JSON.stringify({ id, ...command })}\n`);
      return response;
    },
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
