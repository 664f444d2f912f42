#!/usr/bin/env node
// A stand-in for GitHub's `gh`, for tests: answers the commands pi-report runs as gh 2.x does, keeps
// the gists in $FAKE_GH_STATE/gists.json and records every call (argv, and the files given to
// `gist create`) in $FAKE_GH_STATE/calls.jsonl. $FAKE_GH_MODE (comma-separated) makes it fail:
// `logged-out`, `no-read-org` (auth status fails, gists work), or `offline-<create|read|list|delete>` (gh's words when GitHub cannot be reached).
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const state = process.env.FAKE_GH_STATE;
if (!state) {
  process.stderr.write("fake gh: FAKE_GH_STATE is not set\n");
  process.exit(70);
}
const args = process.argv.slice(2);
const modes = (process.env.FAKE_GH_MODE ?? "").split(",").filter(Boolean);
const gistsFile = join(state, "gists.json");
const gists = existsSync(gistsFile) ? JSON.parse(readFileSync(gistsFile, "utf8")) : [];
const save = () => writeFileSync(gistsFile, JSON.stringify(gists, null, 2));
const call = { argv: args, files: {} };
const record = () => appendFileSync(join(state, "calls.jsonl"), `${JSON.stringify(call)}\n`);

function fail(message, code = 1) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}
function offline(step) {
  if (modes.includes(`offline-${step}`))
    fail("error connecting to api.github.com\ncheck your internet connection or https://githubstatus.com");
}
function option(name) {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}
const notFound = () => fail("gh: Not Found (HTTP 404)");

if (args[0] !== "gist") record();
if (args[0] === "auth" && args[1] === "status") {
  if (modes.includes("logged-out"))
    fail("You are not logged into any GitHub hosts. Run gh auth login to authenticate.");
  if (modes.includes("no-read-org"))
    fail("github.com\n  X github.com: the token in GH_TOKEN is missing required scope 'read:org'");
  process.stderr.write("github.com\n  ✓ Logged in to github.com as tester (GH_TOKEN)\n");
  process.exit(0);
}
if (modes.includes("logged-out")) fail("To get started with GitHub CLI, please run:  gh auth login", 4);

if (args[0] === "gist" && args[1] === "create") {
  const paths = [];
  for (let at = 2; at < args.length; at += 1) {
    if (args[at] === "--desc" || args[at] === "-d" || args[at] === "--filename") at += 1;
    else if (!args[at].startsWith("-")) paths.push(args[at]);
  }
  for (const path of paths) call.files[basename(path)] = readFileSync(path, "utf8");
  record();
  offline("create");
  const id = randomBytes(16).toString("hex");
  const files = {};
  for (const [name, content] of Object.entries(call.files)) {
    const type = name.endsWith(".html") ? "text/html" : "text/markdown";
    files[name] = { filename: name, type, size: Buffer.byteLength(content), content };
  }
  const isPublic = args.includes("--public") || args.includes("-p") || args.includes("--public=true");
  gists.push({
    id,
    description: option("--desc") ?? option("-d") ?? "",
    public: isPublic,
    html_url: `https://gist.github.com/${id}`,
    created_at: new Date(Date.now() + gists.length).toISOString(),
    files,
  });
  save();
  process.stderr.write(
    `- Creating gist with multiple files\n✓ Created ${isPublic ? "public" : "secret"} gist\n`,
  );
  process.stdout.write(`https://gist.github.com/${id}\n`);
  process.exit(0);
}

if (args[0] === "api") {
  const method = option("--method") ?? option("-X") ?? "GET";
  const path = args
    .slice(1)
    .find(
      (arg, at, rest) =>
        !arg.startsWith("-") && !["--method", "-X", "--jq", "-q"].includes(rest[at - 1] ?? ""),
    );
  if (path === "gists" && method === "GET") {
    offline("list");
    const list = [...gists].reverse().map(({ files, ...gist }) => ({
      ...gist,
      files: Object.fromEntries(Object.keys(files).map((name) => [name, { filename: name }])),
    }));
    if (option("--jq") === ".[]") for (const gist of list) process.stdout.write(`${JSON.stringify(gist)}\n`);
    else if (option("--jq") === undefined) process.stdout.write(JSON.stringify(list));
    else fail(`fake gh: --jq ${option("--jq")} is not one it knows`, 70);
    process.exit(0);
  }
  const match = /^gists\/([0-9a-zA-Z]+)$/.exec(path ?? "");
  if (match) {
    const at = gists.findIndex((gist) => gist.id === match[1]);
    if (method === "DELETE") {
      offline("delete");
      if (at < 0) notFound();
      gists.splice(at, 1);
      save();
      process.exit(0);
    }
    offline("read");
    if (at < 0) notFound();
    process.stdout.write(JSON.stringify(gists[at]));
    process.exit(0);
  }
}
fail(`fake gh: unknown command: gh ${args.join(" ")}`, 70);
