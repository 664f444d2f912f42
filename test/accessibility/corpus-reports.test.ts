/**
 * axe-core finds nothing wrong with the HTML report of any session in the corpus, light or dark, on a
 * desktop (1280 px) or a phone (390 px), as a reader first sees it. One page per session, its theme and
 * width changed in place: axe runs once per state.
 */
import { describe, expect, it } from "vitest";
import { corpusSessions } from "../helpers/all-sessions.js";
import { axeViolations, named, PAGE_STATES } from "../helpers/axe.js";
import { settled, useChromium, useReportPage } from "../helpers/browser.js";
import { CORPUS } from "../helpers/paths.js";

/** A large session's page is tens of thousands of nodes: axe takes seconds a state even on an idle core. */
const STATE_TIMEOUT = 300_000;

useChromium();

it("finds the corpus's sessions (and only sessions: not Pi's figures beside them)", () => {
  const sessions = corpusSessions();
  expect(sessions).toContain("real/kimchi-dev__session.jsonl");
  expect(sessions).toContain("pi-migrated/pi-api__all-entry-types.jsonl");
  expect(sessions).toContain("pi-1.6/pi16-rpc-main.jsonl");
  expect(sessions.filter((path) => path.includes("figures") || path.includes("golden"))).toEqual([]);
  // real/ 11, pi-migrated/ 5, pi-1.6/ 3 (fixtures/corpus/README.md lists them).
  expect(sessions.length).toBeGreaterThanOrEqual(19);
});

describe.each(corpusSessions())("%s", (session) => {
  const page = useReportPage(`${CORPUS}${session}`);
  it.each(named(PAGE_STATES))(
    "has no axe violation: %s",
    async (_name, { colorScheme, width }) => {
      await page().emulateMedia({ colorScheme });
      await page().setViewportSize({ width, height: 900 });
      await settled(page());
      expect(await axeViolations(page())).toEqual([]);
    },
    STATE_TIMEOUT,
  );
});
