import { describe, expect, it } from "vitest";
import { piecesOff, SPEED_PIECES } from "../../src/speed/pieces.js";

describe("PI_REPORT_SPEED_OFF", () => {
  it("switches off the pieces it names and ignores the rest", () => {
    expect([...piecesOff(" lezer,tier-up ,no-such-piece")].sort()).toEqual(["lezer", "tier-up"]);
  });

  it("switches every piece off with `all`, and none when unset or empty", () => {
    expect(piecesOff("all").size).toBe(Object.keys(SPEED_PIECES).length);
    expect(piecesOff(undefined).size).toBe(0);
    expect(piecesOff(",,").size).toBe(0);
  });
});
