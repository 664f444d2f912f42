// Copied from the Pi harness (../shared/tools/pi-harness/pi-figures.mjs, written for this project's issue 21), with
// the package path given by the caller: what Pi 1.6's own code computes for each session file, one JSON line each.
// Runs under Node 22 with Pi 1.6 from scripts/pi16/.peers; call it through figures.mjs, which installs both.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const PKG = process.env.PI_PKG;
if (!PKG) throw new Error("set PI_PKG to the installed @earendil-works/pi-coding-agent (see figures.mjs)");
const { SessionManager, buildSessionContext, buildSessionProjection } = await import(
  pathToFileURL(`${PKG}/dist/index.js`).href
);
const { createUsageTotals, addUsageToTotals, getUsageCostBreakdown } = await import(
  pathToFileURL(`${PKG}/dist/core/usage-totals.js`).href
);
const { estimateProjectedContextTokens, calculateContextTokens } = await import(
  pathToFileURL(`${PKG}/dist/core/compaction/index.js`).href
);
const { getLatestCompactionEntry } = await import(pathToFileURL(`${PKG}/dist/core/session-manager.js`).href);
/** AgentSession.getContextUsage() (dist/core/agent-session.js), for any tip, without a model: its `tokens`. */
function contextTokens(sm, entries, tipId) {
  const projection = buildSessionProjection(entries, tipId);
  const branch = sm.getBranch(tipId);
  const latestCompaction = getLatestCompactionEntry(branch);
  if (latestCompaction) {
    const projectedAssistants = new Set(
      projection.entries.flatMap((entry) =>
        entry.messages.some(
          (message) =>
            message.role === "assistant" &&
            message.stopReason !== "aborted" &&
            message.stopReason !== "error" &&
            calculateContextTokens(message.usage) > 0,
        )
          ? [entry.sourceEntry.id]
          : [],
      ),
    );
    const compactionIndex = branch.findIndex((entry) => entry.id === latestCompaction.id);
    if (!branch.slice(compactionIndex + 1).some((entry) => projectedAssistants.has(entry.id))) return null;
  }
  return estimateProjectedContextTokens(projection, branch).tokens;
}
const { version } = JSON.parse(readFileSync(`${PKG}/package.json`, "utf8"));

const zero = () => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: 0, n: 0 });
function add(t, u) {
  if (!u || typeof u !== "object") return;
  t.input += u.input ?? 0;
  t.output += u.output ?? 0;
  t.cacheRead += u.cacheRead ?? 0;
  t.cacheWrite += u.cacheWrite ?? 0;
  t.totalTokens += u.totalTokens ?? 0;
  t.cost += u.cost?.total ?? 0;
  t.n += 1;
}
const round = (t) => ({ ...t, cost: Math.round(t.cost * 1e9) / 1e9 });

/** Usage sums by source over a list of entries, as Pi 1.6's footer / getSessionStats() pick them. */
function sums(entries) {
  const assistant = zero(),
    usageEntry = zero(),
    toolResult = zero(),
    summary = zero();
  for (const e of entries) {
    if (e.type === "message" && e.message?.role === "assistant") {
      add(assistant, e.message.usage);
      if (!e.message.usage) assistant.n += 1;
    } else if (e.type === "message" && e.message?.role === "toolResult" && e.message.usage)
      add(toolResult, e.message.usage);
    else if (e.type === "usage") add(usageEntry, e.usage);
    else if ((e.type === "compaction" || e.type === "branch_summary") && e.usage) add(summary, e.usage);
  }
  const all = zero();
  for (const t of [assistant, usageEntry, toolResult, summary])
    for (const k of Object.keys(all)) all[k] += t[k];
  return {
    assistant: round(assistant),
    usageEntry: round(usageEntry),
    toolResult: round(toolResult),
    summary: round(summary),
    all: round(all),
  };
}

/** Pi 1.6's footer (dist/modes/interactive/components/footer.js getSessionStats + render), run with Pi's own helpers. */
function footer(entries) {
  try {
    const totals = createUsageTotals();
    for (const entry of entries) {
      if (entry.type === "usage") addUsageToTotals(totals, entry.usage);
      else if (entry.type === "message" && entry.message.role === "assistant") {
        addUsageToTotals(totals, entry.message.usage);
        // footer.js also reads entry.message.usage.input here for the cache-hit rate
        void (entry.message.usage.input + entry.message.usage.cacheRead + entry.message.usage.cacheWrite);
      } else if (entry.type === "message" && entry.message.role === "toolResult" && entry.message.usage)
        addUsageToTotals(totals, entry.message.usage);
      else if ((entry.type === "branch_summary" || entry.type === "compaction") && entry.usage)
        addUsageToTotals(totals, entry.usage);
    }
    const tokens = totals.input + totals.output + totals.cacheRead + totals.cacheWrite;
    // footer: `if (usageTotals.cost || usingSubscription) statsParts.push("$" + cost.toFixed(3))`
    return {
      cost: totals.cost ? Math.round(totals.cost * 1e9) / 1e9 : null,
      shown: totals.cost ? `$${totals.cost.toFixed(3)}` : null,
      tokens,
    };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}

/** Pi's /session cost breakdown, rounded like the other costs; an error where Pi's code throws. */
function costByModel(entries) {
  try {
    return getUsageCostBreakdown(entries).map((row) => ({ ...row, cost: Math.round(row.cost * 1e9) / 1e9 }));
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}

/** Every tip (an entry without children, and the leaf): its path length and Pi's projected context. */
function tips(sm, entries) {
  const hasChild = new Set(entries.map((e) => e.parentId).filter(Boolean));
  const ids = entries.filter((e) => !hasChild.has(e.id)).map((e) => e.id);
  if (sm.getLeafId() && !ids.includes(sm.getLeafId())) ids.push(sm.getLeafId());
  return ids.map((tipId) => {
    const projection = buildSessionProjection(entries, tipId);
    const context = projection.entries.flatMap((pe) => pe.messages.map((m) => [m.role, pe.sourceEntry.id]));
    const ctx = buildSessionContext(entries, tipId);
    let tokens;
    try {
      tokens = contextTokens(sm, entries, tipId);
    } catch (e) {
      tokens = `throws ${e.message}`;
    }
    return {
      tipId,
      tokens,
      entries: sm.getBranch(tipId).length,
      context,
      contextCount: ctx.messages.length,
      model: ctx.model,
      thinkingLevel: ctx.thinkingLevel,
    };
  });
}

for (const file of process.argv.slice(2)) {
  const dir = mkdtempSync(join(tmpdir(), "pi16-"));
  const copy = join(dir, basename(file));
  const out = { file: basename(file), pi: version };
  try {
    copyFileSync(file, copy);
    const firstLine = readFileSync(copy, "utf8").split("\n")[0];
    try {
      out.inputVersion = JSON.parse(firstLine).version ?? 1;
    } catch {
      out.inputVersion = null;
    }
    const sm = SessionManager.open(copy, join(dir, "sessions"));
    const entries = sm.getEntries();
    const branch = sm.getBranch();
    const ctx = sm.buildSessionContext();
    const roles = {};
    for (const m of ctx.messages) roles[m.role] = (roles[m.role] ?? 0) + 1;
    const types = {};
    for (const e of entries) types[e.type] = (types[e.type] ?? 0) + 1;
    Object.assign(out, {
      header: sm.getHeader() ? { version: sm.getHeader().version, id: sm.getHeader().id } : null,
      rewritten: readFileSync(copy, "utf8") !== readFileSync(file, "utf8"),
      entriesKept: entries.length,
      entryTypes: types,
      leafId: sm.getLeafId(),
      roots: sm.getTree().length,
      activeBranchEntries: branch.length,
      contextMessages: ctx.messages.length,
      contextRoles: roles,
      model: ctx.model,
      thinkingLevel: ctx.thinkingLevel,
      sessionName: sm.getSessionName() ?? null,
      usageAllEntries: sums(entries),
      usageActiveBranch: sums(branch),
      footer: footer(entries),
      // /session's "cost by model" (dist/core/usage-totals.js): replies keyed by `responseModel ?? model`.
      costByModel: costByModel(entries),
      branches: tips(sm, entries),
    });
  } catch (error) {
    out.error = `${error.name}: ${error.message}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
// keep the import used (buildSessionContext is what sm.buildSessionContext() calls)
void buildSessionContext;
