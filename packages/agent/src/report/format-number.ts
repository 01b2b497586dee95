/**
 * The one number format of the CLI tables and the report: whole numbers with thousands separators
 * (1,749, never 1749), money with a dollar sign, shares as percentages, p-values to three decimals.
 */
const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole number with thousands separators: 1,749. */
export function formatCount(value: number): string {
  return wholeFormat.format(Math.round(value));
}

/** A mean or a median that may be fractional: one decimal unless it is whole. */
export function formatMean(value: number): string {
  return Number.isInteger(value)
    ? formatCount(value)
    : new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** US dollars: two decimals from $1 up, four below. */
export function formatMoney(value: number): string {
  return value >= 1
    ? `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}`
    : `$${value.toFixed(4)}`;
}

/** A fraction as a percentage: 0.3079 is 31%. */
export function formatPercent(fraction: number, digits = 0): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** A p-value to three decimals, or '< 0.001'. */
export function formatPValue(value: number): string {
  return value < 0.001 ? '< 0.001' : value.toFixed(3);
}

/** A ratio to one decimal with an x: 26.9x. */
export function formatRatio(value: number): string {
  return `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)}x`;
}
