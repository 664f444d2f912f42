import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { OnigurumaLoadOptions } from "shiki/core";

// Node's global, which this project's type libraries do not declare.
declare const WebAssembly: { instantiate(bytes: Uint8Array, imports: unknown): Promise<never> };

/**
 * The bytes of the `onig.wasm` file shiki ships (Oniguruma's WebAssembly), or undefined when the file
 * cannot be read.
 *
 * Why the file: `shiki/wasm` holds the same binary (byte for byte, tested) as gzipped base64 in its
 * source, and decodes it through a web `Response` and a `DecompressionStream`, which loads Node's fetch
 * implementation first: 51 ms here, against 2 ms to read the file. Every report thread and archive worker
 * pays that before its first block.
 */
export async function onigWasmBytes(): Promise<Uint8Array | undefined> {
  try {
    return await readFile(createRequire(import.meta.url).resolve("shiki/onig.wasm"));
  } catch {
    return undefined;
  }
}

/**
 * Oniguruma's WebAssembly for shiki's engine: the file's bytes (`onigWasmBytes`), or shiki's own
 * `shiki/wasm` module if the file cannot be read.
 *
 * The bytes go in as an instantiator, not as bytes: shiki's loader asks `x instanceof Response` of
 * anything it does not know as an instantiator, and in Node the first mention of `Response` loads the
 * fetch implementation (undici), ~40 ms of every report thread's start for nothing.
 */
export async function onigWasm(): Promise<OnigurumaLoadOptions | typeof import("shiki/wasm")> {
  const bytes = await onigWasmBytes();
  if (bytes === undefined) return import("shiki/wasm");
  return { instantiator: (imports) => WebAssembly.instantiate(bytes, imports) };
}
