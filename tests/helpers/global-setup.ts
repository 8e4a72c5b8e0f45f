// Vitest's global setup (vitest.config.ts): one migrated database of each kind for the whole
// run, which every test database is copied from (test-database.ts).
import { provideDatabaseTemplates } from './test-database';

export default provideDatabaseTemplates;
