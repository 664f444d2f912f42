/**
 * The context at every tip agrees with Pi 1.6's own code (fixtures/corpus/pi-1.6/pi-1.6.0-figures.jsonl,
 * from `buildSessionProjection` and `getContextUsage` run on each file): its size, the messages by role and
 * source entry, the path length, model and thinking level. On damaged files Pi drops lines we recover, so
 * the comparison reads them as Pi does. Pi also projects `!!` commands (`excludeFromContext`), counted in
 * its size estimate but never sent (dist/core/messages.js): the report's context is what the model is sent,
 * so they are left out of the comparison of messages, not of the size.
 */
import { describe, expect, it } from "vitest";
import { analyzeSession, buildJsonReport, readSessionFile } from "../../src/index.js";
import { FIXTURES } from "../helpers/paths.js";
import { asPiReadsIt, readPi16Figures } from "../helpers/pi16-figures.js";

describe("context at every tip is Pi 1.6's", () => {
  for (const golden of readPi16Figures()) {
    it(`on ${golden.path}: ${golden.branches.map((tip) => tip.tokens).join(", ")} tokens`, () => {
      const analysis = analyzeSession(asPiReadsIt(readSessionFile(`${FIXTURES}${golden.path}`)));
      const report = buildJsonReport(analysis);
      const neverSent = new Set(
        analysis.session.entries.flatMap(({ id, body }) =>
          body.type === "message" && body.message.role === "bashExecution" && body.message.excludeFromContext
            ? [id]
            : [],
        ),
      );
      expect(report.branches).toHaveLength(golden.branches.length);
      golden.branches.forEach((tip, index) => {
        // Pi invents random ids for a v1 file each time it opens one: there tips are matched in order.
        const ids = golden.inputVersion >= 2;
        const branch = ids ? report.branches.find((b) => b.tipId === tip.tipId) : report.branches[index];
        if (branch === undefined) throw new Error(`no branch ends at ${tip.tipId}`);
        const { context } = branch;
        expect(context.tokens).toBe(tip.tokens);
        expect(branch.entryCount).toBe(tip.entries);
        expect(context.messages.map((m) => (ids ? [m.role, m.entryId ?? m.fromEntryId] : [m.role]))).toEqual(
          tip.context
            .filter(([, source]) => !neverSent.has(source))
            .map(([role, source]) => (ids ? [role, source] : [role])),
        );
        expect(context.model).toEqual(tip.model);
        expect(context.thinkingLevel).toBe(tip.thinkingLevel);
      });
    });
  }
});
