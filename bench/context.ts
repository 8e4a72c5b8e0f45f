/** What every bench part gets: which parts were asked for, where to report a figure, and the results. */
export interface BenchContext {
  wants: (part: string) => boolean;
  check: (label: string, ok: boolean, figure: string, target: string) => void;
  results: Record<string, unknown>;
}
