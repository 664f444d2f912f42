import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/**
 * Oniguruma's WebAssembly, for shiki's engine: the bytes of the `onig.wasm` file shiki ships, or, if that
 * file cannot be read, shiki's own `shiki/wasm` module.
 *
 * Why the file: `shiki/wasm` holds the same binary (byte for byte, tested) as gzipped base64 in its
 * source, and decodes it through a web `Response` and a `DecompressionStream`, which loads Node's fetch
 * implementation first: 51 ms here, against 2 ms to read the file. Every report thread and archive worker
 * pays that before its first block.
 */
export async function onigWasm(): Promise<Uint8Array | typeof import("shiki/wasm")> {
  try {
    return await readFile(createRequire(import.meta.url).resolve("shiki/onig.wasm"));
  } catch {
    return import("shiki/wasm");
  }
}
