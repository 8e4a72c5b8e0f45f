import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// The shop's additions: remember when a customer cancelled on the checkout page (the order
// stays pending: they may still pay), and let the admin find flagged payments quickly.
const up = [
  `alter table bbq_orders add column checkout_cancelled_at timestamptz`,
  `create index bbq_orders_flagged_idx on bbq_orders (created_at desc) where payment_flagged`,
];

export const shop: Migration = {
  up: (db) => runStatements(db, up),
};
