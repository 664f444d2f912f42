/**
 * The shared page inside Pi's share viewer, in headless Chromium: a page on 127.0.0.1 that does what
 * pi.dev/session/ does (its inject.ts: parse the gist's session.html, insist on `script#session-data`,
 * prepend the viewer's Content-Security-Policy and its `pi-share-base-url` and `pi-url-params` metas,
 * show it as a sandboxed iframe's srcdoc). In a srcdoc `#e-…` resolves against the viewer's address, so
 * following it would load the viewer into the frame; the page's links must stay in the page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REDACTION } from "../../src/redact/redact-session.js";
import { renderShareFiles } from "../../src/share/render-share-files.js";
import { useChromium } from "../helpers/browser.js";
import { writeLongSession } from "./fixture.js";

const GIST = "0123456789abcdef0123456789abcdef";
/** pi.dev's CHILD_CSP (inject.ts), which the viewer prepends to the page. */
const VIEWER_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; connect-src 'none'; frame-src blob:; worker-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'";

/** The viewer's page: the share embedded, injected and framed in the browser, as pi.dev does it. */
function viewerPage(sessionHtml: string): string {
  const embedded = JSON.stringify(sessionHtml).replace(/</g, "\\u003c");
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>
<iframe id="preview" sandbox="allow-scripts" style="width:1000px;height:700px;border:0"></iframe>
<script>
const value = location.hash.slice(1);
const separator = value.indexOf("&");
const gistId = separator < 0 ? value : value.slice(0, separator);
const urlParams = separator < 0 ? "" : value.slice(separator + 1);
const doc = new DOMParser().parseFromString(${embedded}, "text/html");
if (!doc.querySelector('script#session-data[type="application/json"]')) throw new Error("not a supported Pi session export");
const meta = (name, content) => { const m = doc.createElement("meta"); m.name = name; m.content = content; return m; };
const policy = doc.createElement("meta");
policy.httpEquiv = "Content-Security-Policy";
policy.content = ${JSON.stringify(VIEWER_CSP)};
doc.head.prepend(policy, meta("pi-share-base-url", new URL("session/#" + gistId, new URL("../", location.href)).href), meta("pi-url-params", urlParams));
document.getElementById("preview").srcdoc = "<!doctype html>\\n" + doc.documentElement.outerHTML;
</script></body></html>`;
}

describe("a shared report inside Pi's viewer (sandboxed srcdoc iframe)", () => {
  let dir: string;
  let ids: string[];
  let server: Server;
  let origin: string;
  const browser = useChromium();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "viewer-frame-"));
    const session = writeLongSession(dir, 15);
    ids = session.ids;
    const { html } = await renderShareFiles(session.path, DEFAULT_REDACTION);
    const page = viewerPage(html);
    server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(hash: string): Promise<{ page: Page; frame: () => Frame }> {
    const page = await browser().newPage({ viewport: { width: 1100, height: 800 } });
    await page.goto(`${origin}/session/#${hash}`);
    const frame = () => {
      const found = page.frames().find((one) => one !== page.mainFrame());
      if (found === undefined) throw new Error("the viewer has no frame");
      return found;
    };
    await page.waitForFunction(() => document.querySelector("iframe")?.contentDocument === null);
    await frame().waitForSelector("article.entry");
    return { page, frame };
  }

  /** Where an entry sits in the frame's viewport, and the frame's address. */
  async function placeOf(frame: Frame, anchor: string) {
    return frame.evaluate((id) => {
      const element = document.getElementById(id);
      return {
        url: location.href,
        top: element === null ? null : Math.round(element.getBoundingClientRect().top),
        scrolled: window.scrollY,
        target: document.querySelector(":target")?.id ?? null,
      };
    }, anchor);
  }

  it("opens at the entry the viewer's address names (&targetId=)", async () => {
    const id = ids[24] ?? "";
    const { page, frame } = await open(`${GIST}&targetId=${id}`);
    await frame().waitForFunction((anchor) => document.querySelector(":target")?.id === anchor, `e-${id}`);
    const place = await placeOf(frame(), `e-${id}`);
    expect(place.url).toBe(`about:srcdoc#e-${id}`);
    expect(place.scrolled).toBeGreaterThan(0);
    expect(place.top).toBeGreaterThanOrEqual(-1);
    expect(place.top).toBeLessThan(120);
    await page.close();
  });

  it("follows an outline link inside the frame, not to the viewer's address", async () => {
    const id = ids[20] ?? "";
    const { page, frame } = await open(GIST);
    await frame().click(`#outline a[href="#e-${id}"]`);
    await frame().waitForFunction((anchor) => document.querySelector(":target")?.id === anchor, `e-${id}`);
    const place = await placeOf(frame(), `e-${id}`);
    expect(place.url).toBe(`about:srcdoc#e-${id}`);
    expect(place.top).toBeGreaterThanOrEqual(-1);
    expect(place.top).toBeLessThan(120);
    await page.close();
  });

  it("copies an entry's permalink as the viewer's address of that entry", async () => {
    const id = ids[6] ?? "";
    const { page, frame } = await open(GIST);
    await frame().evaluate(() => {
      const copied: string[] = [];
      (window as unknown as { copied: string[] }).copied = copied;
      Object.defineProperty(navigator, "clipboard", {
        value: {
          writeText: (text: string) => {
            copied.push(text);
            return Promise.resolve();
          },
        },
      });
    });
    await frame().click(`#e-${id} a.permalink`);
    const copied = await frame().evaluate(() => (window as unknown as { copied: string[] }).copied);
    expect(copied).toEqual([`${origin}/session/#${GIST}&targetId=${id}`]);
    expect(frame().url()).toBe(`about:srcdoc#e-${id}`);
    await page.close();
  });
});
