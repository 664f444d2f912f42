import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";

/** A step of a composite action, as action.yml declares it. */
export interface ActionStep {
  name?: string;
  id?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

/** What action.yml declares, as far as running it locally needs. */
export interface ActionFile {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export function loadAction(path: string): ActionFile {
  return parse(readFileSync(path, "utf8")) as ActionFile;
}

/** One step as it went: skipped by its `if`, left to GitHub (`uses`), or run with its exit code. */
export interface StepResult {
  step: ActionStep;
  outcome: "skipped" | "uses" | "success" | "failure";
  stdout: string;
  stderr: string;
  /** `uses` steps: their `with`, expressions substituted. */
  with?: Record<string, string>;
}

/** The expression contexts a runner gives: inputs (defaults filled in), github, and earlier steps' outputs. */
interface Contexts {
  inputs: Record<string, string>;
  github: Record<string, string>;
  steps: Record<string, Record<string, string>>;
}

/** The value of `inputs.x`, `github.x` or `steps.<id>.outputs.x`; any other expression is an error. */
function contextValue(path: string, contexts: Contexts): string {
  const parts = path.trim().split(".");
  if (parts[0] === "inputs" && parts.length === 2) return contexts.inputs[parts[1] as string] ?? "";
  if (parts[0] === "github" && parts.length === 2) return contexts.github[parts[1] as string] ?? "";
  if (parts[0] === "steps" && parts[2] === "outputs" && parts.length === 4)
    return contexts.steps[parts[1] as string]?.[parts[3] as string] ?? "";
  throw new Error(`action-runner: expression not supported: ${path}`);
}

/** `${{ ... }}` replaced by its value, as the runner does before a step runs. */
export function substitute(text: string, contexts: Contexts): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, path: string) => contextValue(path, contexts));
}

/** An `if:` of the forms action.yml uses: `a == 'x'`, `a != 'x'`, joined by `&&`. */
function condition(expression: string, contexts: Contexts): boolean {
  return expression.split("&&").every((part) => {
    const match = /^\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*$/.exec(part);
    if (match === null) throw new Error(`action-runner: condition not supported: ${part}`);
    const value = contextValue(match[1] as string, contexts);
    return match[2] === "==" ? value === match[3] : value !== match[3];
  });
}

/** Reads a `$GITHUB_OUTPUT` file's `name=value` lines. */
function outputsOf(path: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const at = line.indexOf("=");
    if (at > 0) outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  return outputs;
}

/**
 * Runs a composite action's steps as a runner would: each `run:` with `bash --noprofile --norc -eo
 * pipefail` in `cwd`, its `env:` (expressions substituted) over `env`, a fresh `$GITHUB_OUTPUT` whose
 * lines become `steps.<id>.outputs`; `if:` evaluated; after a failure, the rest skipped. `uses:` steps
 * are not run (they are GitHub's), only reported with their `with:`; `skip` names steps not to run.
 */
export function runAction(
  action: ActionFile,
  options: {
    inputs: Record<string, string>;
    github: Record<string, string>;
    env: Record<string, string>;
    cwd: string;
    skip?: (step: ActionStep) => boolean;
  },
): StepResult[] {
  const inputs: Record<string, string> = {};
  const github = options.github;
  for (const [name, input] of Object.entries(action.inputs)) {
    inputs[name] = options.inputs[name] ?? substitute(input.default ?? "", { inputs: {}, github, steps: {} });
  }
  const contexts: Contexts = { inputs, github, steps: {} };
  const results: StepResult[] = [];
  let failed = false;
  for (const step of action.runs.steps) {
    const skipped =
      failed || options.skip?.(step) === true || (step.if !== undefined && !condition(step.if, contexts));
    if (skipped) {
      results.push({ step, outcome: "skipped", stdout: "", stderr: "" });
      continue;
    }
    if (step.uses !== undefined) {
      const given = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([key, value]) => [key, substitute(String(value), contexts)]),
      );
      results.push({ step, outcome: "uses", stdout: "", stderr: "", with: given });
      continue;
    }
    const folder = mkdtempSync(join(tmpdir(), "pi-report-step-"));
    const script = join(folder, "step.sh");
    const output = join(folder, "output");
    writeFileSync(script, step.run ?? "");
    writeFileSync(output, "");
    const stepEnv = Object.fromEntries(
      Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(String(value), contexts)]),
    );
    const ran = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd: options.cwd,
      env: { ...options.env, ...stepEnv, GITHUB_OUTPUT: output },
      encoding: "utf8",
    });
    if (step.id !== undefined) contexts.steps[step.id] = outputsOf(output);
    failed = ran.status !== 0;
    results.push({ step, outcome: failed ? "failure" : "success", stdout: ran.stdout, stderr: ran.stderr });
  }
  return results;
}
