/** Extreme but possible input: each must give a report, quickly enough, with nothing lost silently. */
import { describe, expect, it } from "vitest";
import { analyzeSession, buildJsonReport, parseSessionBytes } from "../../src/index.js";
import { renderHtml } from "../../src/render/html/render-html.js";
import { analyzeFixture } from "../helpers/analyze.js";

const HEADER = '{"type":"session","version":3,"id":"limits","cwd":"/w"}';

function session(...lines: string[]): Buffer {
  return Buffer.from([HEADER, ...lines].join("\n"));
}

async function html(bytes: Buffer): Promise<string> {
  return renderHtml(analyzeSession(parseSessionBytes(bytes, "limits.jsonl")), { sourcePath: "limits.jsonl" });
}

describe("limits", () => {
  it("a file of only a header: an empty report, no error", async () => {
    const analysis = analyzeSession(parseSessionBytes(Buffer.from(HEADER), "header-only"));
    expect(analysis.session.entries).toEqual([]);
    expect(analysis.activeBranch).toBeUndefined();
    expect(buildJsonReport(analysis)).toMatchObject({ entryCount: 0, leafId: null, branches: [] });
    expect(await html(Buffer.from(HEADER))).toContain("</html>");
  });

  it("JSON nested 100,000 deep in a content block: kept, below 100 levels as its JSON text", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const bytes = session(
      `{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":[{"type":"text","text":"look"},{"type":"weird","value":${deep}}]}}`,
    );
    const page = await html(bytes);
    expect(page).toContain("look");
    expect(page).toContain("nests deeper than 100 levels");
    // The entry, its message, content, the block and `value` are 5 levels: 95 arrays stay arrays, the
    // rest is one string of JSON text. Every bracket is on the page (with the page's own).
    expect(page).toContain("&quot;[[[[[[[[");
    expect(page.split("[").length - 1).toBeGreaterThanOrEqual(100_000);
  });

  it("a 50 MB single line: read whole, shown whole", async () => {
    const text = "0123456789abcdef".repeat((50 * 1024 * 1024) / 16);
    const bytes = session(
      `{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"${text}"}}`,
    );
    const analysis = analyzeSession(parseSessionBytes(bytes, "long-line"));
    const body = analysis.session.entries[0]?.body;
    expect(body?.type === "message" && body.message.role === "user" && body.message.content.length).toBe(
      text.length,
    );
    const page = await renderHtml(analysis, { sourcePath: "long-line.jsonl" });
    expect(page.length).toBeGreaterThan(text.length);
  }, 120_000);

  it("a 20 MB image: embedded as a data URI, whole", async () => {
    // A valid PNG header, then padding: what matters is size and that the data survives intact.
    const data = Buffer.alloc(20 * 1024 * 1024, 7).toString("base64");
    const bytes = session(
      `{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":[{"type":"image","mimeType":"image/png","data":"${data}"}]}}`,
    );
    const page = await html(bytes);
    expect(page).toContain(`src="data:image/png;base64,${data.slice(0, 1000)}`);
    expect(page.indexOf(data.slice(-1000).replace(/=/g, "&#x3D;"))).toBeGreaterThan(0);
  }, 120_000);

  it("a parent cycle: reported, cut, rendered", async () => {
    const analysis = analyzeFixture("cycle.jsonl");
    const page = await renderHtml(analysis, { sourcePath: "cycle.jsonl" });
    expect(page).toContain("parent links loop through lines 4, 5, 6");
    for (const id of ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]) expect(page).toContain(`id="e-${id}"`);
  });

  it("20,000 objects glued on one line: every one kept", () => {
    const line = '{"type":"custom","customType":"x","id":"X","parentId":null}'.repeat(20_000);
    const analysis = analyzeSession(parseSessionBytes(session(line), "glued"));
    expect(analysis.session.entries).toHaveLength(20_000);
    expect(analysis.problems.filter((p) => p.kind === "repaired")).toHaveLength(1);
  });
});
