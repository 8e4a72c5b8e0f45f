import { insertOrder } from './admin';
import type { TestApp } from './test-app';

/**
 * The two 'e-mail me …' requests by address (issue 28 finding 14c, issue 31): where they post,
 * how an address gets a record, the link sent. For the suite's behaviour check
 * (tests/app/history-link-answers.test.ts) and the bench's timing (bench/timings/history-link.timing.ts).
 */
export const E_MAIL_ME_REQUESTS = [
  {
    name: 'history-link',
    url: '/api/orders/history-link',
    record: (db: TestApp['db'], email: string) => insertOrder(db, { customer_email: email }),
    link: /https:\/\/bbq\.example\/order-history\?link=[A-Za-z0-9_.-]+/,
  },
  {
    name: 'my-links',
    url: '/api/my-data/links',
    record: (db: TestApp['db'], email: string) =>
      db
        .insertInto('contacts')
        .values({ name: 'Jonas', email, category: 'general', message: 'Labas', language: 'en' })
        .execute(),
    link: /https:\/\/bbq\.example\/mano-duomenys\?link=[A-Za-z0-9_-]{43}/,
  },
] as const;
