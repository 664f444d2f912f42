/** A small seeded PRNG (mulberry32), so every mutation can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Mutation = "truncate" | "cut-lines" | "swap-lines" | "flip-bytes" | "glue-lines";
export const MUTATIONS: readonly Mutation[] = [
  "truncate",
  "cut-lines",
  "swap-lines",
  "flip-bytes",
  "glue-lines",
];

/** Damages a session file the ways real files get damaged (and worse), deterministically from `seed`. */
export function mutate(bytes: Buffer, mutation: Mutation, seed: number): Buffer {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  switch (mutation) {
    case "truncate":
      return bytes.subarray(0, pick(bytes.length));
    case "flip-bytes": {
      const copy = Buffer.from(bytes);
      for (let k = 0; k < 1 + pick(20); k += 1) copy[pick(copy.length)] = pick(256);
      return copy;
    }
    default: {
      const lines = bytes.toString("utf8").split("\n");
      if (mutation === "cut-lines") {
        for (let k = 0; k < 1 + pick(5); k += 1) lines.splice(pick(lines.length), 1);
      } else if (mutation === "swap-lines") {
        for (let k = 0; k < 1 + pick(5); k += 1) {
          const a = pick(lines.length);
          const b = pick(lines.length);
          [lines[a], lines[b]] = [lines[b] as string, lines[a] as string];
        }
      } else {
        for (let k = 0; k < 1 + pick(5) && lines.length > 1; k += 1) {
          const at = pick(lines.length - 1);
          lines.splice(at, 2, `${lines[at]}${lines[at + 1]}`);
        }
      }
      return Buffer.from(lines.join("\n"));
    }
  }
}
