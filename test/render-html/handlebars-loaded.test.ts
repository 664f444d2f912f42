/**
 * Handlebars' compiler (handlebars-full.ts) is loaded only for templates the build did not compile: a report
 * from the shipped templates runs on handlebars' runtime alone.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { renderHtml } from "../../src/index.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { FIXTURES, ROOT } from "../helpers/paths.js";

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

describe("handlebars' compiler", () => {
  it("is not loaded for the shipped templates; it is for a template of your own", async () => {
    const analysis = analyzeAsRead(`${FIXTURES}sessions/every-tool.jsonl`);
    const shipped = await renderHtml(analysis);
    expect(compiler.asked).toBe(0);
    // One partial changed: compiled now (the build never saw it), and rendered by handlebars' runtime.
    const folder = mkdtempSync(join(tmpdir(), "pi-report-templates-"));
    cpSync(`${ROOT}templates/partials/turn-line.hbs`, join(folder, "turn-line.hbs"));
    const line = readFileSync(join(folder, "turn-line.hbs"), "utf8");
    writeFileSync(join(folder, "turn-line.hbs"), `<i class="mine"></i>${line}`);
    const mine = await renderHtml(analysis, { templateDir: folder });
    expect(compiler.asked).toBeGreaterThan(0);
    expect(mine).toContain('<i class="mine"></i>');
    expect(mine.replaceAll('<i class="mine"></i>', "")).toBe(shipped);
  });
});
