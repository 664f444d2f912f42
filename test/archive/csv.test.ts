import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../src/archive/model/csv.js";

describe("costs.csv cells", () => {
  it("quotes as RFC 4180 says", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(
      toCsv([
        ["a", 1],
        ["b", null],
      ]),
    ).toBe("a,1\r\nb,\r\n");
  });

  it("keeps text a spreadsheet would run as a formula as text", () => {
    for (const text of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(text).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell("=A1,B1")).toBe('"\'=A1,B1"');
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes numbers in plain decimal, never in exponent form", () => {
    expect(csvCell(1e-7)).toBe("0.0000001");
    expect(csvCell(0.1 + 0.2)).toBe("0.3");
    expect(csvCell(1234567)).toBe("1234567");
    expect(csvCell(-0.5)).toBe("-0.5");
  });
});
