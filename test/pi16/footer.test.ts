/**
 * The JSON report's `usage.pi` is what Pi 1.6's footer shows, for every file Pi 1.6's own code computed
 * figures for (fixtures/corpus/pi-1.6/pi-1.6.0-figures.jsonl: the real corpus, its migrations, and the
 * sessions Pi 1.6 wrote). Pi's footer: dist/modes/interactive/components/footer.js.
 */
import { describe, expect, it } from "vitest";
import { analyzeSession, buildJsonReport, readSessionFile } from "../../src/index.js";
import { whatPiShows } from "../../src/view/usage-view.js";
import { FIXTURES } from "../helpers/paths.js";
import { readPi16Figures } from "../helpers/pi16-figures.js";

const figures = readPi16Figures();

describe("usage.pi is Pi 1.6's footer", () => {
  it("has Pi 1.6's figures for every corpus file and every file Pi 1.6 wrote for us", () => {
    expect(figures.map((f) => f.path).sort()).toEqual(
      [
        "corpus/pi-1.6/pi16-print.jsonl",
        "corpus/pi-1.6/pi16-rpc-fork.jsonl",
        "corpus/pi-1.6/pi16-rpc-main.jsonl",
        "corpus/pi-migrated/pi-api__all-entry-types.jsonl",
        "corpus/pi-migrated/pi-mono__before-compaction.jsonl",
        "corpus/pi-migrated/pi-mono__compact.jsonl",
        "corpus/pi-migrated/pi-mono__large-session.jsonl",
        "corpus/pi-migrated/pi-mono__session.jsonl",
        "corpus/real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl",
        "corpus/real/agentsview__session.jsonl",
        "corpus/real/getspecstory__real_world.jsonl",
        "corpus/real/kimchi-dev__session.jsonl",
        "corpus/real/pi-demo__branch.jsonl",
        "corpus/real/pi-demo__fork-with-parentSession.jsonl",
        "corpus/real/pi-mono__before-compaction.jsonl",
        "corpus/real/pi-mono__compact.jsonl",
        "corpus/real/pi-mono__large-session.jsonl",
        "corpus/real/pi-mono__session.jsonl",
        "corpus/real/switchboard__pi-session.jsonl",
        "pi16/pi16-api-edge.jsonl",
        "pi16/pi16-commands.jsonl",
        "pi16/pi16-usage.jsonl",
      ].sort(),
    );
  });

  for (const golden of figures) {
    it(`on ${golden.path}: cost ${golden.footer.shown ?? "none"}, ${golden.footer.tokens} tokens`, () => {
      const analysis = analyzeSession(readSessionFile(`${FIXTURES}${golden.path}`));
      const { pi } = buildJsonReport(analysis).usage;
      if (golden.footer.cost === null) expect(pi.cost).toBeNull();
      else expect(pi.cost).toBeCloseTo(golden.footer.cost, 8);
      expect(pi.tokens).toBe(golden.footer.tokens);
      // The page shows the figure as Pi prints it.
      const { display } = whatPiShows(analysis);
      if (golden.footer.shown !== null) expect(display).toBe(golden.footer.shown);
      else expect(display).toMatch(/^no (cost|figure)$/);
    });
  }
});
