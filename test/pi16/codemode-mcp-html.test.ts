/**
 * What Pi 1.x writes for tools, in the HTML report: codemode's script as highlighted JavaScript and its
 * `nestedCalls` as the calls they are; `mcp__server__tool` as server and tool. The numbers below are read
 * off the fixture by hand (fixtures/sessions/codemode-mcp.jsonl; Pi 1.6's own in fixtures/corpus/pi-1.6/).
 */
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html/render-html.js";
import { analyzeAsRead } from "../helpers/analyze.js";
import { decodeEntities, visibleText } from "../helpers/html-text.js";
import { CORPUS, FIXTURES } from "../helpers/paths.js";

const htmlOf = (file: string) => renderHtml(analyzeAsRead(file), { sourcePath: file });

/** The `<section class="tool …">` that holds `marker`, up to its own closing tag (sections nest). */
function sectionAround(html: string, marker: string): string {
  const at = html.indexOf(marker);
  if (at === -1) throw new Error(`no ${marker}`);
  const start = html.lastIndexOf("<section", at);
  let depth = 0;
  const tag = /<section\b|<\/section>/g;
  tag.lastIndex = start;
  for (let match = tag.exec(html); match !== null; match = tag.exec(html)) {
    depth += match[0] === "</section>" ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + "</section>".length);
  }
  throw new Error(`unclosed section around ${marker}`);
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe("codemode in the HTML report", () => {
  it("shows the script as highlighted JavaScript, every character of it", async () => {
    const html = await htmlOf(`${FIXTURES}sessions/codemode-mcp.jsonl`);
    const card = sectionAround(html, "tool-k-tool-codemode");
    const script = card.slice(card.indexOf('<details class="script"'), card.indexOf("</details>"));
    // The fixture's script is ten lines.
    expect(script).toContain("<summary>Script · JavaScript · 10 lines</summary>");
    const code = script.slice(script.indexOf("<code>"), script.indexOf("</code>"));
    expect(decodeEntities(code.replace(/<[^>]*>/g, ""))).toContain(
      'const plan = "# Plan\\n- one\\n- two";\nawait tools.write({ path: "notes/plan.md", content: plan });',
    );
    // Coloured by kind: the keyword, the string and the options comment each in a span, in three colours.
    const classOf = (text: string) => new RegExp(`<span class="(hl-\\d+)">${text}`).exec(code)?.[1];
    const keyword = classOf("const ");
    const string = classOf("&quot;npm test&quot;");
    const comment = classOf("// @options");
    expect([keyword, string, comment].every((name) => name !== undefined)).toBe(true);
    expect(new Set([keyword, string, comment]).size).toBe(3);
  });

  it("shows each nested call as a card of its own: command, diff, written file, status", async () => {
    const html = await htmlOf(`${FIXTURES}sessions/codemode-mcp.jsonl`);
    const card = sectionAround(html, "tool-k-tool-codemode");
    // Eight records in `nestedCalls`; `complete: false`.
    expect(count(card, " tool-nested")).toBe(8);
    expect(visibleText(card)).toContain("8 tool calls made while it ran · record incomplete");
    const bash = sectionAround(card, 'data-call-id="call_cm/3"');
    expect(bash).toContain('class="tool tool-k-tool-bash tool-nested"');
    // The head names the tool and its status; the command is shown once, whole, below it.
    expect(visibleText(bash)).toContain("bash 2s npm test");
    const edit = sectionAround(card, 'data-call-id="call_cm/2"');
    // beta -> gamma: one line removed, one added.
    expect(edit).toContain('<span class="added">+1</span> <span class="removed">−1</span>');
    const write = sectionAround(card, 'data-call-id="call_cm/1"');
    expect(visibleText(write)).toContain("write notes/plan.md 3 lines 4 ms");
    const blocked = sectionAround(card, 'data-call-id="call_cm/4"');
    expect(blocked).toContain("tool-failed");
    expect(visibleText(blocked)).toContain("blocked: rm -rf is not allowed here");
    expect(visibleText(sectionAround(card, 'data-call-id="call_cm/7"'))).toContain(
      "arguments not recorded (9,000 bytes)",
    );
    expect(visibleText(sectionAround(card, 'data-call-id="call_cm/8"'))).toContain(
      "bash unfinished sleep 100",
    );
    // Pi's own `details.calls` is what the cards show: not shown again as JSON.
    expect(card).not.toContain('<details class="tool-details">');
  });

  it("shows the nested call Pi 1.6 wrote, and finds its entry by the nested tool's name", async () => {
    const html = await htmlOf(`${CORPUS}pi-1.6/pi16-rpc-main.jsonl`);
    const card = sectionAround(html, "tool-k-tool-codemode");
    const nested = sectionAround(card, 'data-call-id="call_12_0/1"');
    expect(visibleText(nested)).toContain("bash 16 ms echo from-codemode");
    expect(html).toContain('data-tools="codemode bash"');
  });
});

describe("MCP tools in the HTML report", () => {
  it("shows an mcp__server__tool call as its server's badge and the tool's own name", async () => {
    const html = await htmlOf(`${FIXTURES}sessions/codemode-mcp.jsonl`);
    expect(html).toContain(
      '<span class="badge badge-mcp" title="MCP server">docs</span> <span class="tool-name" title="mcp__docs__fetch">fetch</span>',
    );
    // Pi writes a server named git-hub as git_hub: the first `__` after the prefix ends the server's name.
    expect(html).toContain(
      '<span class="badge badge-mcp" title="MCP server">git_hub</span> <span class="tool-name" title="mcp__git_hub__list_issues">list_issues</span>',
    );
    // The outline names the argument that says what was asked (here the query).
    expect(html).toContain('<a href="#e-m4">search (MCP docs) nested calls</a>');
  });
});
