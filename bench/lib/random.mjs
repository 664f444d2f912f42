/**
 * A seeded pseudo-random source (mulberry32), so every generated file is the same bytes on every run.
 * @param {number} seed
 */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** @param {number} min @param {number} max inclusive */
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  /** @param {number} digits */
  const hex = (digits) => {
    let text = "";
    while (text.length < digits) text += int(0, 0xffff).toString(16).padStart(4, "0");
    return text.slice(0, digits);
  };
  return {
    next,
    int,
    hex,
    /** @template T @param {readonly T[]} items @returns {T} */
    pick: (items) => /** @type {T} */ (items[int(0, items.length - 1)]),
    /** A version 4 UUID, like the session ids Pi writes. */
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[int(0, 3)]}${hex(3)}-${hex(12)}`,
  };
}

/** @typedef {ReturnType<typeof createRandom>} Random */

/**
 * Fresh 8-hex entry ids, never the same twice within one generator.
 * @param {Random} random
 */
export function createIdSource(random) {
  const used = new Set();
  return () => {
    let id = random.hex(8);
    while (used.has(id)) id = random.hex(8);
    used.add(id);
    return id;
  };
}
