import type { PhrasingContent, RootContent } from "mdast";
import type { BranchView } from "../../view/branches-view.js";
import type { FoldSummary } from "../../view/entry-view.js";
import { firstLine, formatCostWithUnpriced } from "../../view/format.js";
import type { HeaderView } from "../../view/header-view.js";
import { plural } from "./markdown-context.js";
import { code, emphasis, heading, list, oneLine, stringify, strong, summaryText, text } from "./mdast.js";

/** Titles longer than this are cut: a session name or prompt can be any length. */
const TITLE_MAX = 200;
/** Models named in the header before "and N more". */
const MODELS_SHOWN = 5;

/** The report's title as a heading of the given depth. */
export function titleHeading(header: HeaderView, depth: 1 | 2): string {
  return stringify([heading(depth, text(firstLine(oneLine(header.title), TITLE_MAX)))]);
}

function models(header: HeaderView): PhrasingContent[] {
  const shown = header.models
    .slice(0, MODELS_SHOWN)
    .flatMap((model, at) => [text(at > 0 ? ", " : ""), code(model)]);
  const more = header.models.length - MODELS_SHOWN;
  return more > 0 ? [...shown, text(` and ${plural(more, "more", "more")}`)] : shown;
}

/** Where, when and with what: the header's facts as a list (full report). */
export function factsList(header: HeaderView): string {
  const items: PhrasingContent[][] = [];
  const fact = (name: string, ...value: PhrasingContent[]) =>
    items.push([strong(text(`${name}:`)), text(" "), ...value]);
  const file = header.fileName === null ? [] : [code(header.fileName), text(" ")];
  fact(
    "File",
    ...file,
    text(`(format v${header.inputVersion}, ${plural(header.entryCount, "entry", "entries")})`),
  );
  if (header.cwd !== null) fact("Directory", code(header.cwd));
  if (header.sessionId !== null) fact("Session id", code(header.sessionId));
  if (header.started !== null) fact("Started", text(header.started));
  if (header.ended !== null)
    fact("Ended", text(`${header.ended}${header.duration === null ? "" : ` (${header.duration})`}`));
  if (header.models.length > 0) fact("Models", ...models(header));
  if (header.routers.length > 0) {
    const routers = header.routers.flatMap((router, at) => [text(at > 0 ? ", " : ""), code(router)]);
    fact("Routed by", ...routers, text(" (a virtual model)"));
  }
  if (header.parentSession !== null) fact("Forked from", code(header.parentSession));
  if (header.redactionSentence !== null) fact("Redaction", text(header.redactionSentence));
  return stringify([list(false, items)]);
}

/** The header's facts on one line (summary): file, start, duration, models, prompts, redaction, fork. */
export function factsLine(header: HeaderView, prompts: number): string {
  const parts: PhrasingContent[][] = [];
  if (header.fileName !== null) parts.push([code(header.fileName)]);
  if (header.started !== null) parts.push([text(`started ${header.started}`)]);
  if (header.duration !== null) parts.push([text(header.duration)]);
  if (header.models.length > 0) parts.push(models(header));
  parts.push([text(plural(prompts, "prompt", "prompts"))]);
  if (header.redaction !== null && header.redaction.secrets > 0) {
    parts.push([text(plural(header.redaction.secrets, "secret redacted", "secrets redacted"))]);
  }
  // What gets posted must say itself that nothing in it was redacted, not only the command's stderr.
  if (header.redaction !== null && !header.redaction.enabled) parts.push([strong(text("not redacted"))]);
  if (header.parentSession !== null) parts.push([text("forked from "), code(header.parentSession)]);
  if (header.problems.length > 0) {
    const counts = header.problemCounts.map(({ kind, count }) => `${count} ${kind}`).join(", ");
    parts.push([
      strong(text(`${plural(header.problems.length, "problem", "problems")} reading the file`)),
      text(` (${counts})`),
    ]);
  }
  const line = parts.flatMap((part, at) => (at === 0 ? part : [text(" · "), ...part]));
  return stringify([{ type: "paragraph", children: line }]);
}

/** The reader's problems, for a folded list: summary text (escaped for `<summary>`) and the list. */
export function problemsBlock(header: HeaderView): { summary: string; list: string } | null {
  if (header.problems.length === 0) return null;
  const counts = header.problemCounts.map(({ kind, count }) => `${count} ${kind}`).join(", ");
  return {
    summary: summaryText(
      `${plural(header.problems.length, "thing", "things")} this file did not hold as expected: ${counts}`,
    ),
    list: stringify([
      list(
        false,
        header.problems.map((problem) => [
          ...(problem.line === null ? [] : [strong(text(`line ${problem.line}`)), text(" ")]),
          text(problem.message),
        ]),
      ),
    ]),
  };
}

/** One line per branch: the active one first, then each other tip with where it leaves. */
export function branchItems(branches: readonly BranchView[]): PhrasingContent[][] {
  return branches.map((branch) => {
    const item: PhrasingContent[] = [
      branch.active ? strong(text("Active branch")) : text("Branch"),
      text(" ending at "),
      code(branch.tipId),
    ];
    if (branch.label !== null) item.push(text(" · label "), code(branch.label));
    item.push(
      text(
        ` · ${plural(branch.entryCount, "entry", "entries")} · ${formatCostWithUnpriced(branch.usage.cost, branch.usage.unpricedTokens, branch.usage.unrecordedTurns)}`,
      ),
    );
    if (branch.forkId !== null) item.push(text(" · leaves the active branch at "), code(branch.forkId));
    if (branch.lastPrompt !== null) item.push(text(" · last prompt "), emphasis(text(branch.lastPrompt)));
    return item;
  });
}

/** The branches section of the full report (only when there is more than one). */
export function branchesBlock(branches: readonly BranchView[], forkPoints: number): RootContent[] {
  if (branches.length <= 1) return [];
  return [
    {
      type: "paragraph",
      children: [
        text(
          `${plural(branches.length, "branch", "branches")} from ${plural(forkPoints, "fork point", "fork points")}.`,
        ),
      ],
    },
    list(false, branchItems(branches)),
  ];
}

/** The one line a folded branch shows (escaped for `<summary>`). */
export function foldSummaryText(reason: "abandoned" | "root", fold: FoldSummary): string {
  const parts = [
    `${reason === "root" ? "Separate root" : "Abandoned branch"}: ${plural(fold.entries, "entry", "entries")}`,
    formatCostWithUnpriced(fold.usage.cost, fold.usage.unpricedTokens, fold.usage.unrecordedTurns),
  ];
  if (fold.lastPrompt !== null) parts.push(`last prompt “${firstLine(fold.lastPrompt, 80)}”`);
  if (fold.tipLabel !== null) parts.push(`label ${fold.tipLabel}`);
  return summaryText(parts.join(", "));
}
