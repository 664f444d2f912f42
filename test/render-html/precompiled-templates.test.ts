/**
 * The build compiles the shipped page templates (dist/precompiled-templates.cjs); reports use them
 * instead of compiling. They must give the very page compiling gives, and be passed over for any
 * template whose source is not the one they were built from.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it, vi } from "vitest";
import { HTML_TEMPLATE_OPTIONS } from "../../src/render/html/page-engines.js";
import { loadPrecompiledTemplates, templateHash } from "../../src/render/html/precompiled-templates.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { DEFAULT_TEMPLATE_DIR, loadTemplates } from "../../src/render/html/templates.js";
import { TemplateError } from "../../src/render/templates/template-error.js";
import { analyzeAsRead } from "../helpers/analyze.js";
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
        templateHash(readFileSync(`${DEFAULT_TEMPLATE_DIR}${file}`, "utf8"), HTML_TEMPLATE_OPTIONS),
      );
    }
  });

  it("render the very page that compiling the templates renders", async () => {
    const analysis = analyzeAsRead(`${FIXTURES}sessions/every-tool.jsonl`);
    const precompiled = await renderHtml(analysis, { sourcePath: "every-tool.jsonl" });
    // The same render with no precompiled templates: loadTemplates compiles every one.
    vi.resetModules();
    vi.doMock("../../src/render/html/precompiled-templates.js", async (original) => ({
      ...(await original<typeof import("../../src/render/html/precompiled-templates.js")>()),
      loadPrecompiledTemplates: () => new Map(),
    }));
    let compiled: string;
    try {
      const fresh = await import("../../src/render/html/render-html.js");
      compiled = await fresh.renderHtml(analysis, { sourcePath: "every-tool.jsonl" });
    } finally {
      vi.doUnmock("../../src/render/html/precompiled-templates.js");
    }
    expect(compiled).toBe(precompiled);
  });

  it("are passed over for a template whose source differs from the one they were built from", () => {
    // A precompiled page.hbs that renders only FORGED: used, the page would be that word.
    const forged = {
      spec: new Function(`return ${Handlebars.precompile("FORGED", { ...HTML_TEMPLATE_OPTIONS })}`)(),
    };
    const page = readFileSync(`${DEFAULT_TEMPLATE_DIR}page.hbs`, "utf8");
    const render = (hashOf: string) =>
      loadTemplates(undefined, {
        precompiled: new Map([
          ["page.hbs", { hash: templateHash(hashOf, HTML_TEMPLATE_OPTIONS), ...forged }],
        ]),
      })
        .pageParts({ transcript: [] })
        .join("");
    // Stored under the hash of page.hbs as it is: taken (this is how the shipped file is used) ...
    expect(render(page)).toBe("FORGED");
    // ... under the hash of other text: passed over, page.hbs compiled from its source.
    const compiled = render("something else");
    expect(compiled).not.toContain("FORGED");
    expect(compiled).toContain("<main");
  });

  it("a template that does not compile is a TemplateError naming its file, before anything renders", () => {
    const dir = mkdtempSync(join(tmpdir(), "pi-report-template-"));
    try {
      writeFileSync(join(dir, "entry.hbs"), "{{unknownHelper title}}");
      expect(() => loadTemplates(dir)).toThrow(TemplateError);
      expect(() => loadTemplates(dir)).toThrow(
        /^--template .*: entry\.hbs: line 1: unknown helper `unknownHelper`/,
      );
      writeFileSync(join(dir, "entry.hbs"), "{{#if title}}never closed");
      expect(() => loadTemplates(dir)).toThrow(/^--template .*: entry\.hbs: Parse error on line 1: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
