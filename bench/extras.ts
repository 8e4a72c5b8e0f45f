// Benchmarks that need the shop and forms plug in here: `npm run bench -- orders fuzz crash security`,
// the server's start-up time (`startup`), page renders at the same time (`renders`) and how the
// costs grow with the content (`growth`), a flood of erasures beside a reader (`erasure`), and
// the suite's former wall-clock checks (`timings`, decision 0054).
import type { BenchContext } from './context';
import { benchCrash } from './crash';
import { benchErasure } from './erasure';
import { benchWalSync } from './walsync';
import { benchFuzz } from './fuzz';
import { benchGrowth } from './growth';
import { benchOrders } from './orders';
import { benchRenders } from './renders';
import { benchSecurity } from './security';
import { benchStartup } from './startup';
import { benchTimings } from './timings';

export async function benchExtras(context: BenchContext): Promise<void> {
  if (context.wants('orders')) await benchOrders(context);
  if (context.wants('fuzz')) await benchFuzz(context);
  if (context.wants('crash')) await benchCrash(context);
  if (context.wants('security')) await benchSecurity(context);
  if (context.wants('startup')) await benchStartup(context);
  if (context.wants('renders')) await benchRenders(context);
  if (context.wants('growth')) await benchGrowth(context);
  if (context.wants('erasure')) await benchErasure(context);
  if (context.wants('timings')) await benchTimings(context);
  if (context.wants('walsync')) await benchWalSync(context);
}
