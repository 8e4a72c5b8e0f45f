// Benchmarks that need the shop and forms (orders/s, long fuzzing, crash cycles) plug in here.
export interface BenchContext {
  wants: (part: string) => boolean;
  check: (label: string, ok: boolean, figure: string, target: string) => void;
  results: Record<string, unknown>;
}

export async function benchExtras(_context: BenchContext): Promise<void> {}
