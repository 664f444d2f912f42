/**
 * The highlighter loads Oniguruma from the `onig.wasm` file shiki ships instead of decoding the copy
 * inlined in `shiki/wasm`: the two must be the same binary.
 */
import { describe, expect, it } from "vitest";
import { onigWasm, onigWasmBytes } from "../../src/render/primitives/highlight/onig-wasm.js";

describe("onigWasm", () => {
  it("gives the bytes of the binary shiki/wasm inlines", async () => {
    const fromFile = await onigWasmBytes();
    expect(fromFile).toBeInstanceOf(Uint8Array);
    const { wasmBinaryPromise } = (await import("shiki/wasm")) as unknown as {
      wasmBinaryPromise: Promise<ArrayBuffer | Uint8Array>;
    };
    const inlined = new Uint8Array(await wasmBinaryPromise);
    expect(inlined.length).toBeGreaterThan(100_000);
    expect(Buffer.compare(Buffer.from(fromFile as Uint8Array), Buffer.from(inlined))).toBe(0);
    // A WebAssembly module, as shiki's engine needs: the magic number, then version 1.
    expect([...(fromFile as Uint8Array).subarray(0, 8)]).toEqual([0, 97, 115, 109, 1, 0, 0, 0]);
  });

  it("hands shiki an instantiator that instantiates those bytes, so its loader never asks about Response", async () => {
    const given = await onigWasm();
    expect("instantiator" in given).toBe(true);
    const instantiated = await (
      given as { instantiator: (imports: object) => Promise<WebAssembly.WebAssemblyInstantiatedSource> }
    ).instantiator({
      env: new Proxy({}, { get: () => () => 0 }),
      wasi_snapshot_preview1: new Proxy({}, { get: () => () => 0 }),
    });
    expect(instantiated.instance.exports).toHaveProperty("memory");
  });
});
