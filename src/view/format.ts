/**
 * Number, money, time and duration formats shared by every renderer. Deliberately not locale-aware:
 * the same input must give byte-identical reports on any machine, whatever its locale or time zone.
 */

/** 1234567 -> "1,234,567". */
export function formatInteger(value: number): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.round(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "1 line", "234 lines": a count and its noun, for every renderer. */
export function plural(count: number, one: string, many: string): string {
  return `${formatInteger(count)} ${count === 1 ? one : many}`;
}

/** Token counts for people: 950, 12.3k, 4.56M, 1.2B. */
export function formatTokens(value: number): string {
  const abs = Math.abs(value);
  if (abs < 1000) return formatInteger(value);
  const [divisor, unit] = abs < 1e6 ? [1e3, "k"] : abs < 1e9 ? [1e6, "M"] : [1e9, "B"];
  const scaled = value / divisor;
  const digits = Math.abs(scaled) < 10 ? 2 : Math.abs(scaled) < 100 ? 1 : 0;
  return `${scaled.toFixed(digits)}${unit}`;
}

/** A size for people: 950 bytes, 12.3 kB, 4.56 MB (decimal units, as formatTokens counts). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${formatInteger(bytes)} bytes`;
  const short = formatTokens(bytes);
  const unit = short.slice(-1);
  return `${short.slice(0, -1)} ${unit === "k" ? "kB" : unit === "M" ? "MB" : "GB"}`;
}

/**
 * Dollars with as many decimals as small amounts need: $12.34, $0.123, and two significant digits below
 * a cent ($0.0045, $0.00015, $0.0001); $0. Rounded half up on the decimal amount: `toFixed` rounds the binary
 * fraction, in which 0.00015 is a hair below itself, and showed it as $0.0001.
 */
export function formatCost(value: number): string {
  if (value === 0) return "$0";
  const abs = Math.abs(value);
  // Far below any price a session records (a hostile or broken file): its own digits, not a crash.
  if (abs < TINIEST_DECIMAL_COST) return `${value < 0 ? "-" : ""}$${abs.toExponential(1)}`;
  let decimals = costDecimals(abs);
  // Rounding may carry into the range above ($0.9996 -> $1.00, not $1.000).
  const carried = costDecimals(roundHalfUp(abs, decimals));
  if (carried < decimals) decimals = carried;
  let digits = roundHalfUp(abs, decimals).toFixed(decimals);
  // Below a cent the second significant digit is dropped when it is 0 ($0.0001, not $0.00010), down to
  // the four decimals a cent's fraction always shows ($0.0020 stays).
  if (decimals > 4) digits = digits.replace(/(?<!0)0+$/, "").padEnd(6, "0");
  return `${value < 0 ? "-" : ""}$${digits}`;
}

/** Below this, a cost is written with an exponent: its decimals would run past what `toFixed` takes. */
const TINIEST_DECIMAL_COST = 1e-9;

function costDecimals(abs: number): number {
  if (abs >= 1) return 2;
  if (abs >= 0.01) return 3;
  return 1 - Math.floor(Math.log10(abs));
}

/** `value` rounded half up to `decimals`, as written in decimal (12 significant digits decide). */
function roundHalfUp(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((value * scale).toPrecision(12))) / scale;
}

/**
 * A recorded cost, the tokens nobody priced and the calls that recorded no usage at all, e.g.
 * "$1.20 + 45.6k unpriced tokens", "unpriced (45.6k tokens)", "usage not recorded" or
 * "$1.20 + 2 calls with usage not recorded": neither unpriced tokens nor unrecorded calls are ever $0.
 */
export function formatCostWithUnpriced(cost: number, unpricedTokens: number, unrecordedTurns = 0): string {
  const priced =
    unpricedTokens === 0
      ? formatCost(cost)
      : cost === 0
        ? `unpriced (${formatTokens(unpricedTokens)} tokens)`
        : `${formatCost(cost)} + ${formatTokens(unpricedTokens)} unpriced tokens`;
  if (unrecordedTurns === 0) return priced;
  if (cost === 0 && unpricedTokens === 0) return "usage not recorded";
  return `${priced} + ${plural(unrecordedTurns, "call", "calls")} with usage not recorded`;
}

/** "2025-06-01 10:00:01 UTC" from an ISO timestamp; null when it cannot be read. */
export function formatTime(iso: string | null | undefined): string | null {
  if (iso === null || iso === undefined) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return `${new Date(time).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** 42s, 4m 10s, 2h 05m, 3d 4h. */
export function formatDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h ${String(minutes % 60).padStart(2, "0")}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

/** The first line of a text, cut to `max` characters with an ellipsis. */
export function firstLine(text: string, max = 80): string {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length > max ? `${cutWhole(line, max - 1).trimEnd()}…` : line;
}

/**
 * The first `end` UTF-16 units of a text, or one fewer when the cut would split a surrogate pair (an
 * emoji): half a pair is no character, and is shown as "�".
 */
export function cutWhole(text: string, end: number): string {
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}
