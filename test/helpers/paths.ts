import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Verbatim copy of ../shared/corpus: real Pi sessions and Pi 0.73.1's own figures for them. */
export const CORPUS = `${ROOT}fixtures/corpus/`;
/** Hand-made fixtures, one scenario each (fixtures/README.md). */
export const FIXTURES = `${ROOT}fixtures/`;
