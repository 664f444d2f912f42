import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutWhole, firstLine, formatBytes, formatCost } from "../../src/view/format.js";

describe("formatCost", () => {
  it("rounds half up on the decimal amount, not the binary fraction (0.00015 is stored a hair below)", () => {
    expect((0.00015).toFixed(4)).toBe("0.0001"); // what toFixed alone showed
    expect(formatCost(0.00015)).toBe("$0.00015");
    expect(formatCost(0.0185)).toBe("$0.019");
    expect(formatCost(0.00195)).toBe("$0.0020");
    expect(formatCost(1.005)).toBe("$1.01");
  });

  it("gives two significant digits below a cent, three decimals below a dollar, two above", () => {
    expect(formatCost(0.0045)).toBe("$0.0045");
    expect(formatCost(0.000075)).toBe("$0.000075");
    expect(formatCost(0.123456)).toBe("$0.123");
    expect(formatCost(42.59590750000001)).toBe("$42.60");
    expect(formatCost(0)).toBe("$0");
    expect(formatCost(-2.96)).toBe("-$2.96");
  });

  it("shows a rounding that carries into the range above as that range does", () => {
    expect(formatCost(0.9996)).toBe("$1.00");
    expect(formatCost(0.009996)).toBe("$0.010");
  });
});

describe("formatCost below a cent", () => {
  it("drops a second significant digit of 0 past four decimals, and keeps four decimals", () => {
    expect(formatCost(0.0001)).toBe("$0.0001");
    expect(formatCost(0.0003)).toBe("$0.0003");
    expect(formatCost(0.00005)).toBe("$0.00005");
    expect(formatCost(0.002)).toBe("$0.0020");
    expect(formatCost(0.00012)).toBe("$0.00012");
  });
});

describe("formatCost of any finite number", () => {
  it("writes a cost too small for decimals with its exponent, never $0 and never a crash", () => {
    // toFixed takes at most 100 decimals: 1e-300 needed 301 and threw a RangeError.
    expect(formatCost(1e-300)).toBe("$1.0e-300");
    expect(formatCost(-2.5e-12)).toBe("-$2.5e-12");
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const shown = formatCost(value);
        expect(shown === "$0").toBe(value === 0);
        expect(shown.startsWith("-")).toBe(value < 0);
      }),
    );
  });
});

describe("cutting text", () => {
  it("never splits an emoji (a surrogate pair): one unit fewer instead", () => {
    const text = `ab${"😀".repeat(3)}`;
    expect(cutWhole(text, 3)).toBe("ab");
    expect(cutWhole(text, 4)).toBe("ab😀");
    expect(firstLine(`x${"😀".repeat(50)}`, 4)).toBe("x😀…");
    // Every cut of every length is whole: no lone surrogate anywhere.
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (let end = 0; end <= text.length; end += 1) expect(cutWhole(text, end)).not.toMatch(loneSurrogate);
  });
});

describe("formatBytes", () => {
  it("counts bytes in decimal units, three significant digits", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(999)).toBe("999 bytes");
    expect(formatBytes(1000)).toBe("1.00 kB");
    expect(formatBytes(9929)).toBe("9.93 kB");
    expect(formatBytes(356_425)).toBe("356 kB");
    expect(formatBytes(2_370_492)).toBe("2.37 MB");
  });
});
