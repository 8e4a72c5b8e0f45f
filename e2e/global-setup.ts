// Playwright's global setup (playwright.config.ts): one migrated embedded database that every
// worker's server is copied from (tests/helpers/test-database.ts). The returned function is
// Playwright's teardown.
import { provideDatabaseTemplates } from '@tests/helpers/test-database';

export default provideDatabaseTemplates;
