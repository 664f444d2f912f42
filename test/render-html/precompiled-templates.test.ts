/**
 * The build compiles the shipped page templates (dist/precompiled-templates.cjs); reports use them
 * instead of compiling. They must give the very page compiling gives, and be passed over for any
 * template whose source is not the one they were built from.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { analyzeFile } from "../../src/index.js";
import { loadPrecompiledTemplates, templateHash } from "../../src/render/html/precompiled-templates.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { DEFAULT_TEMPLATE_DIR, loadTemplates } from "../../src/render/html/templates.js";
import { FIXTURES } from "../helpers/paths.js";

const shippedHbs = () =>
  [
    ...readdirSync(DEFAULT_TEMPLATE_DIR).filter((name) => name.endsWith(".hbs")),
    ...readdirSync(`${DEFAULT_TEMPLATE_DIR}partials`)
      .filter((name) => name.endsWith(".hbs"))
      .map((name) => `partials/${name}`),
  ].sort();

describe("precompiled templates", () => {
  it("the build compiled every shipped template, from its current source", () => {
    const built = loadPrecompiledTemplates();
    const files = shippedHbs();
    expect([...built.keys()].sort()).toEqual(files.map((file) => file.replace(/^partials\//, "")).sort());
    for (const file of files) {
      const name = file.replace(/^partials\//, "");
      expect(built.get(name)?.hash, name).toBe(
        templateHash(readFileSync(`${DEFAULT_TEMPLATE_DIR}${file}`, "utf8")),
      );
    }
  });

  it("render the very page that compiling the templates renders", async () => {
    const analysis = analyzeFile(`${FIXTURES}sessions/every-tool.jsonl`);
    const precompiled = await renderHtml(analysis, { sourcePath: "every-tool.jsonl" });
    // The same render with no precompiled templates: loadTemplates compiles every one.
    vi.resetModules();
    vi.doMock("../../src/render/html/precompiled-templates.js", async (original) => ({
      ...(await original<typeof import("../../src/render/html/precompiled-templates.js")>()),
      loadPrecompiledTemplates: () => new Map(),
    }));
    const fresh = await import("../../src/render/html/render-html.js");
    const compiled = await fresh.renderHtml(analysis, { sourcePath: "every-tool.jsonl" });
    vi.doUnmock("../../src/render/html/precompiled-templates.js");
    expect(compiled).toBe(precompiled);
  });

  it("are passed over for a template whose source differs from the one they were built from", () => {
    const page = loadPrecompiledTemplates().get("page.hbs");
    expect(page).toBeDefined();
    const forged = new Map([["page.hbs", { hash: templateHash("something else"), spec: page?.spec ?? {} }]]);
    // With the hash of other text, the shipped page.hbs is compiled: it still renders its own markup.
    const set = loadTemplates(undefined, { precompiled: forged as never });
    expect(set.pageParts({ transcript: [] }).join("")).toContain("<main");
  });
});
