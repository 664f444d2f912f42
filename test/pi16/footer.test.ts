/**
 * The JSON report's `usage.pi` is what Pi 1.6's footer shows, for every file Pi 1.6's own code computed
 * figures for (fixtures/corpus/pi-1.6/pi-1.6.0-figures.jsonl: the real corpus, its migrations, and the
 * sessions Pi 1.6 wrote). Pi's footer: dist/modes/interactive/components/footer.js.
 */
import { describe, expect, it } from "vitest";
import { analyzeSession, buildJsonReport, readSessionFile } from "../../src/index.js";
import { whatPiShows } from "../../src/view/usage-view.js";
import { CORPUS } from "../helpers/paths.js";
import { readPi16Figures } from "../helpers/pi16-figures.js";

const figures = readPi16Figures();

describe("usage.pi is Pi 1.6's footer", () => {
  it("has Pi 1.6's figures for every corpus file", () => {
    expect(figures.map((f) => f.path).sort()).toEqual(
      [
        "pi-1.6/pi16-print.jsonl",
        "pi-1.6/pi16-rpc-fork.jsonl",
        "pi-1.6/pi16-rpc-main.jsonl",
        "pi-migrated/pi-api__all-entry-types.jsonl",
        "pi-migrated/pi-mono__before-compaction.jsonl",
        "pi-migrated/pi-mono__compact.jsonl",
        "pi-migrated/pi-mono__large-session.jsonl",
        "pi-migrated/pi-mono__session.jsonl",
        "real/agent-complex-task__03-raddit-dashboard-pr_session.jsonl",
        "real/agentsview__session.jsonl",
        "real/getspecstory__real_world.jsonl",
        "real/kimchi-dev__session.jsonl",
        "real/pi-demo__branch.jsonl",
        "real/pi-demo__fork-with-parentSession.jsonl",
        "real/pi-mono__before-compaction.jsonl",
        "real/pi-mono__compact.jsonl",
        "real/pi-mono__large-session.jsonl",
        "real/pi-mono__session.jsonl",
        "real/switchboard__pi-session.jsonl",
      ].sort(),
    );
  });

  for (const golden of figures) {
    it(`on ${golden.path}: cost ${golden.footer.shown ?? "none"}, ${golden.footer.tokens} tokens`, () => {
      const analysis = analyzeSession(readSessionFile(`${CORPUS}${golden.path}`));
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
