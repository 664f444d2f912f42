/**
 * The composite action (action.yml), run step by step as a runner runs it (test/helpers/action-runner.ts):
 * GITHUB_* variables, a temporary GITHUB_STEP_SUMMARY and GITHUB_OUTPUT, a pull_request event, and the
 * stand-in gh. The build step (`npm ci`) is not run here: it would reinstall this worktree's
 * node_modules; dist/ is built by `npm run build` before the tests. The upload step is GitHub's own
 * action: checked as configured, not run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PR_COMMENT_MARKER } from "../../src/pr/pr-comment.js";
import { type ActionStep, loadAction, runAction, type StepResult } from "../helpers/action-runner.js";
import { type FakeGh, fakeGh } from "../helpers/fake-gh.js";
import { ROOT } from "../helpers/paths.js";
import { makePrWorld, writeInfiniteCostSessions } from "../pr/pr-world.js";

const action = loadAction(join(ROOT, "action.yml"));
const world = makePrWorld();
const isBuild = (step: ActionStep) => step.name === "Build pi-session-report";

/**
 * Every session of the repository counts (--any-time: a runner's folder holds the job's sessions only),
 * so beside the branch's $1.60 and 6,040 tokens (pr-world.ts): old $1.00 (1,100 tokens) and late $2.00
 * (3,300 tokens): $4.60, 10,440 tokens, 6 sessions. The sibling repository's $5.00 is not counted.
 */
const ALL_COST = "**$4.60** and 10.4k tokens over 6 sessions";

interface Run {
  results: StepResult[];
  summary: string;
  temp: string;
  byName: (name: string) => StepResult;
}

function runWith(
  gh: FakeGh,
  inputs: Record<string, string>,
  event: object = { pull_request: { number: 7 } },
  extraEnv: Record<string, string> = {},
): Run {
  const temp = mkdtempSync(join(tmpdir(), "pi-report-runner-"));
  const summary = join(temp, "step-summary.md");
  const eventPath = join(temp, "event.json");
  writeFileSync(summary, "");
  writeFileSync(eventPath, JSON.stringify(event));
  const results = runAction(action, {
    inputs: { "sessions-dir": join(world.agentDir, "sessions"), ...inputs },
    github: { token: "ghs_job_token", repository: "acme/app" },
    cwd: world.top,
    skip: isBuild,
    env: {
      ...gh.env,
      HOME: mkdtempSync(join(tmpdir(), "pi-report-runner-home-")),
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_WORKSPACE: world.top,
      GITHUB_REPOSITORY: "acme/app",
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: temp,
      ...extraEnv,
    },
  });
  const byName = (name: string) => {
    const found = results.find((result) => result.step.name === name);
    if (found === undefined) throw new Error(`no step ${name}`);
    return found;
  };
  return { results, summary: readFileSync(summary, "utf8"), temp, byName };
}

describe("action.yml", () => {
  it("is a composite action that builds from its own checkout and pins upload-artifact by version", () => {
    expect(action.runs.using).toBe("composite");
    const build = action.runs.steps.find(isBuild);
    expect(build?.run).toBe('cd "$GITHUB_ACTION_PATH" && npm ci --no-audit --no-fund --loglevel=error');
    const upload = action.runs.steps.find((step) => step.uses?.startsWith("actions/upload-artifact@"));
    expect(upload?.uses).toMatch(/^actions\/upload-artifact@v\d+\.\d+\.\d+$/);
    // Inputs reach scripts through env only: an input's text never becomes shell code.
    for (const step of action.runs.steps) expect(step.run ?? "").not.toContain("${{");
    expect(Object.keys(action.inputs)).toEqual([
      "sessions-dir",
      "comment",
      "cost-threshold",
      "on-threshold",
      "threshold-label",
      "artifact-name",
      "github-token",
    ]);
  });

  it("writes the job summary, the HTML reports for the artifact, and the pull request's comment", () => {
    const gh = fakeGh();
    const run = runWith(gh, {});
    expect(run.results.map((result) => [result.step.name, result.outcome])).toEqual([
      ["Build pi-session-report", "skipped"],
      ["Report the job's Pi sessions", "success"],
      ["Upload the HTML reports", "uses"],
      ["Comment on the pull request", "success"],
      ["Check the cost threshold", "skipped"],
    ]);
    expect(run.summary.startsWith(PR_COMMENT_MARKER)).toBe(true);
    expect(run.summary).toContain(ALL_COST);
    const upload = run.byName("Upload the HTML reports");
    const reports = join(run.temp, "pi-session-report", "reports");
    expect(upload.with).toEqual({ name: "pi-session-reports", path: reports, "if-no-files-found": "warn" });
    expect(existsSync(join(reports, "index.html"))).toBe(true);
    const pages = readdirSync(reports, { recursive: true }).map(String);
    expect(pages.some((page) => page.endsWith("_impl.html"))).toBe(true);
    const [comment] = gh.state().comments;
    expect(gh.state().comments).toHaveLength(1);
    expect(comment?.body).toContain(ALL_COST);
    // The comment and the summary are the same text.
    expect(comment?.body).toBe(run.summary);
  });

  it("updates its comment on the next run instead of adding one", () => {
    const gh = fakeGh();
    runWith(gh, {});
    runWith(gh, {});
    expect(gh.state().comments).toHaveLength(1);
    const methods = gh.calls().flatMap((call) => (call.args[1] === "-X" ? [call.args[2]] : []));
    expect(methods).toEqual(["POST", "PATCH"]);
  });

  it("with the job's token, edits only the Actions bot's comment, never another's that starts with the marker", () => {
    // The Actions GITHUB_TOKEN may not read /user; its comments are written by github-actions[bot].
    const spoof = { id: 555, body: `${PR_COMMENT_MARKER}\nLGTM`, user: { login: "mallory" } };
    const gh = fakeGh({ login: "github-actions[bot]", userForbidden: true, comments: [spoof] });
    runWith(gh, {});
    runWith(gh, {});
    const [hers, ours, ...more] = gh.state().comments;
    expect(hers).toEqual(spoof);
    expect(ours?.user.login).toBe("github-actions[bot]");
    expect(ours?.body).toContain(ALL_COST);
    expect(more).toEqual([]);
    const methods = gh.calls().flatMap((call) => (call.args[1] === "-X" ? [call.args[2]] : []));
    expect(methods).toEqual(["POST", "PATCH"]);
  });

  it("a total cost that is no finite number fails the job: no threshold passes on it (G12)", () => {
    const sessions = writeInfiniteCostSessions(world.top);
    const run = runWith(fakeGh(), { "sessions-dir": sessions, "cost-threshold": "5.00" });
    const report = run.byName("Report the job's Pi sessions");
    expect(report.outcome).toBe("failure");
    expect(report.stderr).toContain(
      "pi-report: --totals: the sessions' cost adds up to Infinity, not a number a cost threshold can be checked against",
    );
    expect(run.byName("Check the cost threshold").outcome).toBe("skipped");
  });

  it("the threshold check fails closed on a cost that is no finite number", () => {
    const check = action.runs.steps.find((step) => step.name === "Check the cost threshold");
    for (const cost of ["null", "NaN", "Infinity", "", "1e400"]) {
      const ran = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", check?.run ?? ""], {
        env: { ...process.env, COST: cost, THRESHOLD: "5.00", ON_THRESHOLD: "fail", LABEL: "x" },
        encoding: "utf8",
      });
      expect({ cost, status: ran.status, said: ran.stderr.trim() }).toEqual({
        cost,
        status: 2,
        said: `::error::pi-session-report: the sessions cost ${JSON.stringify(cost)}, not a number of dollars: the threshold cannot pass.`,
      });
    }
  });

  it("cost over the threshold with on-threshold: fail fails the job after commenting", () => {
    const gh = fakeGh();
    const run = runWith(gh, { "cost-threshold": "4.5" });
    const check = run.byName("Check the cost threshold");
    expect(check.outcome).toBe("failure");
    expect(check.stdout).toContain(
      "::error::pi-session-report: the Pi sessions cost $4.6, over the threshold of $4.5.",
    );
    expect(gh.state().comments).toHaveLength(1);
  });

  it("cost over the threshold with on-threshold: label labels the pull request, and the job passes", () => {
    const gh = fakeGh();
    const run = runWith(gh, { "cost-threshold": "1", "on-threshold": "label" });
    expect(run.byName("Check the cost threshold").outcome).toBe("success");
    expect(gh.state().labels).toEqual(["pi-cost-over-threshold"]);
  });

  it("within the threshold: nothing happens; an unknown on-threshold is an error", () => {
    const within = runWith(fakeGh(), { "cost-threshold": "4.60" });
    expect(within.byName("Check the cost threshold").stdout).toContain(
      "$4.6 is within the threshold of $4.60",
    );
    const bad = runWith(fakeGh(), { "cost-threshold": "1", "on-threshold": "explode" });
    expect(bad.byName("Check the cost threshold").outcome).toBe("failure");
    expect(bad.byName("Check the cost threshold").stdout).toContain(
      "on-threshold is 'explode'; give fail or label.",
    );
  });

  it("comment: false, or an event that is no pull request: no comment, and gh is not asked", () => {
    const off = fakeGh();
    expect(runWith(off, { comment: "false" }).byName("Comment on the pull request").outcome).toBe("skipped");
    const push = fakeGh();
    const run = runWith(push, {}, { ref: "refs/heads/main" });
    expect(run.byName("Comment on the pull request").stdout).toContain("not a pull_request event");
    expect([...off.calls(), ...push.calls()]).toEqual([]);
  });

  it("without sessions-dir, reads Pi's own folder ($PI_CODING_AGENT_DIR/sessions)", () => {
    const run = runWith(
      fakeGh(),
      { "sessions-dir": "", comment: "false" },
      {},
      { PI_CODING_AGENT_DIR: world.agentDir },
    );
    expect(run.summary).toContain(ALL_COST);
  });

  it("a file name holding a line break never starts a workflow command in the log (G10)", () => {
    const sessions = mkdtempSync(join(tmpdir(), "pi-report-runner-names-"));
    symlinkSync(join(sessions, "nowhere"), join(sessions, "z\n::notice title=pwned::injected.jsonl"));
    const run = runWith(fakeGh(), { "sessions-dir": sessions, comment: "false" });
    const log = run.results.flatMap((result) => [result.stdout, result.stderr]).join("\n");
    expect(log).toContain("pi-report: z⟪LF⟫::notice title=pwned::injected.jsonl: skipped");
    expect(log.split("\n").filter((line) => line.startsWith("::notice title=pwned"))).toEqual([]);
  });

  it("a missing sessions folder is a notice, and the steps after it do nothing", () => {
    const gh = fakeGh();
    const run = runWith(gh, { "sessions-dir": join(world.agentDir, "none") });
    expect(run.byName("Report the job's Pi sessions").stdout).toContain(
      "::notice::pi-session-report: no Pi sessions folder",
    );
    expect(run.results.slice(2).map((result) => result.outcome)).toEqual(["skipped", "skipped", "skipped"]);
    expect(run.summary).toBe("");
  });
});
