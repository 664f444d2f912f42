import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/paths.js";

/** Pi 1.6 runs only where its Node 22 package has a binary: Linux on x64. */
export const RUNS_PI16 = process.platform === "linux" && process.arch === "x64";

/** Pi 1.6's Node 22 and CLI, installed into scripts/pi16/.peers/ unless they are there already. */
export function installPi16(): { node22: string; piCli: string; version: string } {
  const started = Date.now();
  const paths = JSON.parse(
    execFileSync(process.execPath, [join(ROOT, "scripts/pi16/install.mjs")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }),
  ) as { node22: string; piCli: string; version: string };
  console.error(`pi-package test: Pi ${paths.version} ready in ${Date.now() - started} ms`);
  return paths;
}

/**
 * Pi's agent folder for the tests: provider `mock` at `baseUrl` (startMockModel) with one priced model,
 * `mock/mock-small`; a quiet start and no retries.
 */
export function writeMockAgent(agent: string, baseUrl: string): void {
  const cost = { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 1.25 };
  const mock = {
    id: "mock-small",
    name: "Mock Small",
    input: ["text"],
    cost,
    contextWindow: 64000,
    maxTokens: 4096,
  };
  writeFileSync(
    join(agent, "models.json"),
    JSON.stringify({
      providers: { mock: { baseUrl, api: "openai-completions", apiKey: "mock-key", models: [mock] } },
    }),
  );
  writeFileSync(
    join(agent, "settings.json"),
    JSON.stringify({ quietStartup: true, retry: { enabled: false } }),
  );
}

/** The environment Pi runs offline in: no telemetry, no version check. */
export const PI_OFFLINE_ENV = { PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" };
