import asciichart from 'asciichart';

/** Options of `renderTokenChart`. */
export interface TerminalChartOptions {
  /** Columns of the plot area (the series is bucketed down to this many points, keeping each bucket's max). */
  width?: number;
  height?: number;
  /** Drawn as a second, flat series when given. */
  budget?: number | null;
  /** ANSI colours (off with NO_COLOR or when not a terminal). */
  color?: boolean;
}

/** Keeps the largest value of each bucket so peaks stay visible when a long run is squeezed. */
export function bucketMax(values: readonly number[], width: number): number[] {
  if (values.length <= width) return [...values];
  const buckets: number[] = [];
  for (let column = 0; column < width; column += 1) {
    const start = Math.floor((column * values.length) / width);
    const end = Math.max(start + 1, Math.floor(((column + 1) * values.length) / width));
    let max = Number.NEGATIVE_INFINITY;
    for (let index = start; index < end; index += 1) max = Math.max(max, values[index] ?? max);
    buckets.push(max);
  }
  return buckets;
}

/** A small line chart of prompt tokens per call for the terminal. */
export function renderTokenChart(values: readonly number[], options: TerminalChartOptions = {}): string {
  if (values.length === 0) return '(no calls)';
  const series = bucketMax(values, options.width ?? 72);
  const plotted: number[][] = [series];
  const budget = options.budget ?? null;
  if (budget !== null) plotted.push(series.map(() => budget));
  const max = Math.max(...plotted.flat());
  const labelWidth = Math.max(6, String(Math.round(max)).length + 1);
  return asciichart.plot(plotted, {
    height: options.height ?? 10,
    min: 0,
    format: (value: number) => String(Math.round(value)).padStart(labelWidth),
    ...(options.color ? { colors: [asciichart.blue, asciichart.darkgray] } : {}),
  } as Parameters<typeof asciichart.plot>[1]);
}
