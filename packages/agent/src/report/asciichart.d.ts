// asciichart ships no types; the part we use.
declare module 'asciichart' {
  interface PlotConfig {
    height?: number;
    min?: number;
    max?: number;
    offset?: number;
    padding?: string;
    format?: (value: number, index: number) => string;
    colors?: string[];
  }
  export function plot(series: number[] | number[][], config?: PlotConfig): string;
  export const blue: string;
  export const darkgray: string;
  const asciichart: { plot: typeof plot; blue: string; darkgray: string };
  export default asciichart;
}
