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

/** Token counts for people: 950, 12.3k, 4.56M, 1.2B. */
export function formatTokens(value: number): string {
  const abs = Math.abs(value);
  if (abs < 1000) return formatInteger(value);
  const [divisor, unit] = abs < 1e6 ? [1e3, "k"] : abs < 1e9 ? [1e6, "M"] : [1e9, "B"];
  const scaled = value / divisor;
  const digits = Math.abs(scaled) < 10 ? 2 : Math.abs(scaled) < 100 ? 1 : 0;
  return `${scaled.toFixed(digits)}${unit}`;
}

/** Dollars with as many decimals as small amounts need: $12.34, $0.123, $0.0045, $0. */
export function formatCost(value: number): string {
  if (value === 0) return "$0";
  const abs = Math.abs(value);
  const digits = abs >= 1 ? 2 : abs >= 0.01 ? 3 : abs >= 0.0001 ? 4 : 6;
  return `${value < 0 ? "-" : ""}$${abs.toFixed(digits)}`;
}

/** A recorded cost and the tokens nobody priced, e.g. "$1.20 + 45.6k unpriced tokens" or "unpriced". */
export function formatCostWithUnpriced(cost: number, unpricedTokens: number): string {
  if (unpricedTokens === 0) return formatCost(cost);
  if (cost === 0) return `unpriced (${formatTokens(unpricedTokens)} tokens)`;
  return `${formatCost(cost)} + ${formatTokens(unpricedTokens)} unpriced tokens`;
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
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
