import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/temp-root.ts"],
    // Whole-corpus tests read megabytes of JSON lines; the default 5 s is too tight on a 2-core machine.
    testTimeout: 60_000,
  },
});
