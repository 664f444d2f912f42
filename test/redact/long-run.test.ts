import { performance } from "node:perf_hooks";
import { expect, test } from "vitest";
import { createRedactor } from "../../src/redact/index.js";
import { SEEDS, withSecret } from "./fake-secrets.js";

test("thousands of batches in one process leave nothing on the performance timeline", async () => {
  // secretlint's always-on profiler would otherwise keep every mark and rescan them all on each new one.
  const redactor = await createRedactor({});
  const line = withSecret(SEEDS[0] as (typeof SEEDS)[0]);
  for (let batch = 0; batch < 2000; batch += 1) await redactor.redact([line, `batch ${batch}`]);
  const marks = performance.getEntriesByType("mark").filter((mark) => mark.name.startsWith("@core>"));
  expect(marks).toEqual([]);
});
