import { describe, expect, it } from "vitest";
import { VIEWER_MAX_BYTES, viewerSizeNote, viewerUrl } from "../../src/share/viewer-url.js";

describe("Pi's share viewer", () => {
  it("is addressed as Pi 1.6 addresses it: the gist id after #, on PI_SHARE_VIEWER_URL if set", () => {
    expect(viewerUrl("abc")).toBe("https://pi.dev/session/#abc");
    expect(viewerUrl("abc", { PI_SHARE_VIEWER_URL: "http://localhost:8000/s/" })).toBe(
      "http://localhost:8000/s/#abc",
    );
    // Pi uses `||`: an empty setting is no setting.
    expect(viewerUrl("abc", { PI_SHARE_VIEWER_URL: "" })).toBe("https://pi.dev/session/#abc");
  });

  it("shows pages up to 12 MiB, and a larger one gets a note", () => {
    expect(VIEWER_MAX_BYTES).toBe(12_582_912);
    expect(viewerSizeNote(12_582_912)).toBeNull();
    expect(viewerSizeNote(12_582_913)).toBe(
      "the report is 12.0 MB and Pi's viewer shows pages up to 12 MB: open the gist's session.html instead",
    );
    expect(viewerSizeNote(20 * 1024 * 1024)).toMatch(/^the report is 20\.0 MB/);
  });
});
