/**
 * The page templates' speed piece (src/speed/pieces.ts), as the command hands it to the page
 * (`speed.engines`): on, handlebars' own runtime renders the build's specs (`Handlebars.template`);
 * `precompiled-templates` off compiles every template at start. Either way the page is the same, and
 * templates of the user's own still work.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { SessionAnalysis } from "../../src/index.js";
import { reportEngines } from "../../src/speed/machinery/engines.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { CORPUS, FIXTURES, ROOT } from "../helpers/paths.js";

const compiler = vi.hoisted(() => ({ asked: 0 }));
vi.mock("../../src/render/templates/handlebars-full.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/render/templates/handlebars-full.js")>();
  return {
    fullHandlebars: () => {
      compiler.asked += 1;
      return actual.fullHandlebars();
    },
  };
});

const SESSIONS = [
  `${FIXTURES}sessions/every-tool.jsonl`,
  // Folded branches and a separate root: nested transcripts inside the top-level one.
  `${CORPUS}pi-migrated/pi-api__all-entry-types.jsonl`,
];

/**
 * The template modules loaded afresh (nothing cached from an earlier test), rendering with the pieces named
 * in `off` (comma-separated) switched off, as the command would hand them in.
 */
async function withPiecesOff(off: string) {
  vi.resetModules();
  compiler.asked = 0;
  const engines = reportEngines((piece) => !off.split(",").includes(piece));
  const templates = await import("../../src/render/html/templates.js");
  const { renderHtml } = await import("../../src/render/html/render-html.js");
  const { TemplateError } = await import("../../src/render/templates/template-error.js");
  return {
    TemplateError,
    loadTemplates: (dir?: string) => templates.loadTemplates(dir, { engines: engines.templates }),
    render: (analysis: SessionAnalysis, templateDir?: string) =>
      renderHtml(analysis, { sourcePath: "s.jsonl", templateDir, speed: { engines } }),
  };
}

/** A template folder holding a copy of the shipped turn-line.hbs with a mark of ours in front. */
function markedTurnLine(): string {
  const dir = mkdtempSync(join(tmpdir(), "pi-report-templates-"));
  cpSync(`${ROOT}templates/partials/turn-line.hbs`, join(dir, "turn-line.hbs"));
  const line = readFileSync(join(dir, "turn-line.hbs"), "utf8");
  writeFileSync(join(dir, "turn-line.hbs"), `<i class="mine"></i>${line}`);
  return dir;
}

describe("every piece on", () => {
  it("renders by handlebars' runtime from the build's specs, without its compiler", async () => {
    const on = await withPiecesOff("");
    for (const session of SESSIONS) expect(await on.render(analyzeAsRead(session))).toContain("<main");
    // Every template came from the build: handlebars' compiler was never needed.
    expect(compiler.asked).toBe(0);
  });

  it("a template of the user's own replaces the shipped one of that name", async () => {
    const dir = markedTurnLine();
    try {
      const off = await withPiecesOff("");
      const analysis = analyzeAsRead(SESSIONS[0] as string);
      const shipped = await off.render(analysis);
      expect(compiler.asked).toBe(0);
      const mine = await off.render(analysis, dir);
      // Compiled now (the build never saw it), by handlebars' compiler.
      expect(compiler.asked).toBeGreaterThan(0);
      expect(mine).toContain('<i class="mine"></i>');
      expect(mine.replaceAll('<i class="mine"></i>', "")).toBe(shipped);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a template of the user's own that does not compile is a TemplateError naming its file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-template-"));
    try {
      const off = await withPiecesOff("");
      writeFileSync(join(dir, "entry.hbs"), "{{unknownHelper title}}");
      expect(() => off.loadTemplates(dir)).toThrow(off.TemplateError);
      expect(() => off.loadTemplates(dir)).toThrow(
        /^--template .*: entry\.hbs: line 1: unknown helper `unknownHelper`/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("precompiled-templates off", () => {
  it("compiles every template at start, and the page is the same", async () => {
    const on = await withPiecesOff("");
    const pages = await Promise.all(SESSIONS.map((session) => on.render(analyzeAsRead(session))));
    expect(compiler.asked).toBe(0);
    const compiling = await withPiecesOff("precompiled-templates");
    compiling.loadTemplates();
    // One template or more compiled by handlebars' compiler: nothing of the build's was taken.
    expect(compiler.asked).toBeGreaterThan(0);
    for (const [index, session] of SESSIONS.entries()) {
      const page = await compiling.render(analyzeAsRead(session));
      expect(page === pages[index], session).toBe(true);
    }
  });
});
