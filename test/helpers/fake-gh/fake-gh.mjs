// A stand-in for GitHub's `gh`, put first on PATH by tests (see ../fake-gh.ts). It answers the commands
// pi-report runs as gh 2.x and GitHub's REST API do, from one state file, $FAKE_GH_STATE: the login (and
// the account, `login`, "me" by default: `gh api user`), a repository with its pull request, comments
// and labels, and the user's gists. It records every call
// (argv, standard input, the files given to `gist create`) in $FAKE_GH_LOG. Lists come in pages of 30
// unless --paginate, --jq applied to each page; exit code 4 when not logged in, as gh does. `offline`
// in the state names the gist steps (create, read, list, delete) that fail as when GitHub is unreachable.
import { randomBytes } from "node:crypto";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";

const args = process.argv.slice(2);
const stdin = args.includes("-") ? readFileSync(0, "utf8") : "";
const state = JSON.parse(readFileSync(process.env.FAKE_GH_STATE, "utf8"));
const save = () => writeFileSync(process.env.FAKE_GH_STATE, JSON.stringify(state, null, 2));
const fail = (message, code = 1) => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const offline = (step) => {
  if (state.offline.includes(step))
    fail("error connecting to api.github.com\ncheck your internet connection or https://githubstatus.com");
};
const notFound = () => fail("gh: Not Found (HTTP 404)");

/** The files `gh gist create <path>...` uploads, by name: what the test reads back. */
function gistFiles() {
  const files = {};
  for (let at = 2; at < args.length; at += 1) {
    if (["--desc", "-d", "--filename"].includes(args[at])) at += 1;
    else if (!args[at].startsWith("-")) files[basename(args[at])] = readFileSync(args[at], "utf8");
  }
  return files;
}
const isGistCreate = args[0] === "gist" && args[1] === "create";
const call = { args, stdin, files: isGistCreate ? gistFiles() : {} };
appendFileSync(process.env.FAKE_GH_LOG, `${JSON.stringify(call)}\n`);

if (args[0] === "auth" && args[1] === "status") {
  if (!state.loggedIn) fail("You are not logged into any GitHub hosts. Run gh auth login to authenticate.");
  if (state.noReadOrg)
    fail("github.com\n  X github.com: the token in GH_TOKEN is missing required scope 'read:org'");
  process.stderr.write("github.com\n  ✓ Logged in to github.com as tester (GH_TOKEN)\n");
  process.exit(0);
}
if (!state.loggedIn) {
  fail(
    "To get started with GitHub CLI, please run:  gh auth login\nAlternatively, populate the GH_TOKEN environment variable with a GitHub API authentication token.",
    4,
  );
}
const [owner, repo] = state.repo.split("/");
const prUrl = (n) => `https://github.com/${owner}/${repo}/pull/${n}`;

/** The --jq filters pi-report uses, as gh's built-in jq would run them on one page (or object). */
function jq(filter, page) {
  // What versions before the comment's author was checked asked for.
  const select = /^\.\[\] \| select\(\.body \| startswith\((".*")\)\) \| \.id$/.exec(filter);
  if (select) {
    const prefix = JSON.parse(select[1]);
    return page
      .filter((item) => item.body.startsWith(prefix))
      .map((item) => `${item.id}\n`)
      .join("");
  }
  if (filter === ".[]") return page.map((item) => `${JSON.stringify(item)}\n`).join("");
  if (filter === ".login" && typeof page?.login === "string") return `${page.login}\n`;
  fail(`stand-in gh: --jq filter not supported: ${filter}`, 70);
}
/** The account the token is: `state.login`, "me" unless set; a comment posted is written by it. */
const login = state.login ?? "me";

function list(items) {
  const pages = [];
  for (let at = 0; at < items.length || pages.length === 0; at += 30) pages.push(items.slice(at, at + 30));
  const shown = args.includes("--paginate") ? pages : pages.slice(0, 1);
  const filter = option("--jq") ?? option("-q");
  process.stdout.write(
    shown.map((page) => (filter === undefined ? JSON.stringify(page) : jq(filter, page))).join(""),
  );
}

const comment = (item) => ({ ...item, html_url: `${prUrl(state.pr)}#issuecomment-${item.id}` });
/** A gist as GitHub lists it: its files' names, not their text. */
const listed = ({ files, ...gist }) =>
  files === undefined
    ? gist
    : { ...gist, files: Object.fromEntries(Object.keys(files).map((name) => [name, { filename: name }])) };

if (isGistCreate) {
  offline("create");
  const id = randomBytes(16).toString("hex");
  const files = {};
  for (const [name, content] of Object.entries(call.files)) {
    const type = name.endsWith(".html") ? "text/html" : "text/markdown";
    files[name] = { filename: name, type, size: Buffer.byteLength(content), content };
  }
  const isPublic = args.includes("--public") || args.includes("-p") || args.includes("--public=true");
  state.gists.push({
    id,
    description: option("--desc") ?? option("-d") ?? "",
    public: isPublic,
    html_url: `https://gist.github.com/${id}`,
    created_at: new Date(Date.now() + state.gists.length).toISOString(),
    files,
  });
  save();
  process.stderr.write(
    `- Creating gist with multiple files\n✓ Created ${isPublic ? "public" : "secret"} gist\n`,
  );
  process.stdout.write(`https://gist.github.com/${id}\n`);
} else if (args[0] === "pr" && args[1] === "view") {
  const asked = args[2] !== undefined && !args[2].startsWith("-") ? Number(args[2]) : undefined;
  if (state.pr === null || (asked !== undefined && asked !== state.pr)) {
    fail(
      asked === undefined
        ? `no pull requests found for branch "${state.branch}"`
        : `GraphQL: Could not resolve to a PullRequest with the number of ${asked}. (repository.pullRequest)`,
    );
  }
  process.stdout.write(`${JSON.stringify({ number: state.pr, url: prUrl(state.pr) })}\n`);
} else if (args[0] === "pr" && args[1] === "edit") {
  const label = option("--add-label");
  if (!state.repoLabels.includes(label)) fail(`could not add label: '${label}' not found`);
  state.labels.push(label);
  save();
  process.stdout.write(`${prUrl(state.pr)}\n`);
} else if (args[0] === "label" && args[1] === "create") {
  if (!state.repoLabels.includes(args[2])) state.repoLabels.push(args[2]);
  save();
} else if (args[0] === "api") {
  const method = option("--method") ?? option("-X") ?? "GET";
  // The endpoint: the first argument that is neither an option nor an option's value.
  const path = args
    .slice(1)
    .find(
      (arg, at, rest) =>
        !arg.startsWith("-") && !["--method", "-X", "--jq", "-q", "--input"].includes(rest[at - 1]),
    );
  const issue = `repos/${owner}/${repo}/issues/${state.pr}`;
  const gist = /^gists\/([0-9a-zA-Z]+)$/.exec(path ?? "");
  if (method === "GET" && path === "user") {
    // An installation token (the Actions GITHUB_TOKEN, a GitHub App's) may not read /user.
    if (state.userForbidden) fail("gh: Resource not accessible by integration (HTTP 403)");
    const user = { login, id: 1, type: "User" };
    const filter = option("--jq") ?? option("-q");
    process.stdout.write(filter === undefined ? JSON.stringify(user) : jq(filter, user));
  } else if (method === "GET" && path === "gists") {
    offline("list");
    // Newest first, as GitHub lists them; the state keeps them in the order they were made.
    list([...state.gists].reverse().map(listed));
  } else if (gist !== null) {
    const at = state.gists.findIndex((one) => one.id === gist[1]);
    if (method === "DELETE") {
      offline("delete");
      if (at < 0) notFound();
      state.gists.splice(at, 1);
      save();
    } else {
      offline("read");
      if (at < 0) notFound();
      process.stdout.write(JSON.stringify(state.gists[at]));
    }
  } else if (method === "GET" && path === `${issue}/comments`) list(state.comments);
  else if (method === "POST" && path === `${issue}/comments`) {
    const created = { id: state.nextId++, body: JSON.parse(stdin).body, user: { login } };
    state.comments.push(created);
    save();
    process.stdout.write(JSON.stringify(comment(created)));
  } else if (method === "PATCH" && path.startsWith(`repos/${owner}/${repo}/issues/comments/`)) {
    const id = Number(path.split("/").pop());
    const found = state.comments.find((item) => item.id === id);
    if (found === undefined) notFound();
    found.body = JSON.parse(stdin).body;
    save();
    process.stdout.write(JSON.stringify(comment(found)));
  } else fail(`gh: Not Found (HTTP 404) for ${method} ${path}`);
} else {
  fail(`stand-in gh: command not supported: ${args.join(" ")}`, 70);
}
