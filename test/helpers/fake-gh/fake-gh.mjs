// A stand-in for GitHub's `gh`, put first on PATH by tests (see fake-gh.ts). It records every call
// (argv and standard input) in $FAKE_GH_LOG and answers from the state in $FAKE_GH_STATE as gh and
// GitHub's REST API do: pages of 30 unless --paginate, --jq applied to each page, exit code 4 when
// not logged in, a `no pull requests found` error when the branch has none.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";

const args = process.argv.slice(2);
const stdin = args.includes("-") ? readFileSync(0, "utf8") : "";
appendFileSync(process.env.FAKE_GH_LOG, `${JSON.stringify({ args, stdin })}\n`);
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

if (!state.loggedIn) {
  fail(
    "To get started with GitHub CLI, please run:  gh auth login\nAlternatively, populate the GH_TOKEN environment variable with a GitHub API authentication token.",
    4,
  );
}
const [owner, repo] = state.repo.split("/");
const prUrl = (n) => `https://github.com/${owner}/${repo}/pull/${n}`;

/** The two --jq filters pi-report uses, as gh's built-in jq would run them on one page. */
function jq(filter, page) {
  const select = /^\.\[\] \| select\(\.body \| startswith\((".*")\)\) \| \.id$/.exec(filter);
  if (select) {
    const prefix = JSON.parse(select[1]);
    return page
      .filter((item) => item.body.startsWith(prefix))
      .map((item) => `${item.id}\n`)
      .join("");
  }
  if (filter === ".[]") return page.map((item) => `${JSON.stringify(item)}\n`).join("");
  fail(`stand-in gh: --jq filter not supported: ${filter}`);
}

function list(items) {
  const pages = [];
  for (let at = 0; at < items.length || pages.length === 0; at += 30) pages.push(items.slice(at, at + 30));
  const shown = args.includes("--paginate") ? pages : pages.slice(0, 1);
  const filter = option("--jq");
  process.stdout.write(
    shown.map((page) => (filter === undefined ? JSON.stringify(page) : jq(filter, page))).join(""),
  );
}

const comment = (item) => ({ ...item, html_url: `${prUrl(state.pr)}#issuecomment-${item.id}` });

if (args[0] === "pr" && args[1] === "view") {
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
  const method = option("-X") ?? "GET";
  // The endpoint: the first argument that is neither an option nor an option's value.
  const path = args
    .slice(1)
    .find((arg, at, rest) => !arg.startsWith("-") && !["-X", "--jq", "--input"].includes(rest[at - 1]));
  const issue = `repos/${owner}/${repo}/issues/${state.pr}`;
  if (method === "GET" && path === `${issue}/comments`) list(state.comments);
  else if (method === "GET" && path === "gists") list(state.gists);
  else if (method === "POST" && path === `${issue}/comments`) {
    const created = { id: state.nextId++, body: JSON.parse(stdin).body, user: { login: "me" } };
    state.comments.push(created);
    save();
    process.stdout.write(JSON.stringify(comment(created)));
  } else if (method === "PATCH" && path.startsWith(`repos/${owner}/${repo}/issues/comments/`)) {
    const id = Number(path.split("/").pop());
    const found = state.comments.find((item) => item.id === id);
    if (found === undefined) fail("gh: Not Found (HTTP 404)");
    found.body = JSON.parse(stdin).body;
    save();
    process.stdout.write(JSON.stringify(comment(found)));
  } else fail(`gh: Not Found (HTTP 404) for ${method} ${path}`);
} else {
  fail(`stand-in gh: command not supported: ${args.join(" ")}`);
}
