// Benchmarks that need the shop and forms (orders/s, long fuzzing, crash cycles) plug in here.
import { benchOrders } from './orders';

export interface BenchContext {
  wants: (part: string) => boolean;
  check: (label: string, ok: boolean, figure: string, target: string) => void;
  results: Record<string, unknown>;
}

export async function benchExtras(context: BenchContext): Promise<void> {
  if (context.wants('orders')) await benchOrders(context);
}
