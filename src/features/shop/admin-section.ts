import type { AdminSection } from '~/platform/admin/section';
import { ORDERS_LIST } from './admin';
import { OrderAdminCard } from './OrderAdminCard';
import { PaymentsHealthPanel } from './PaymentsHealthPanel';

/** The shop in the dashboard: order totals, the payments' health, and the orders list. */
export const shopSection: AdminSection = {
  name: 'shop',
  tiles: [
    { key: 'total', label: 'stats.orders' },
    { key: 'pending', label: 'stats.pendingOrders', alert: true },
    { key: 'revenuePence', label: 'stats.revenue', money: true },
  ],
  Panel: PaymentsHealthPanel,
  lists: [{ list: ORDERS_LIST, Row: OrderAdminCard, waiting: 'pending' }],
};
