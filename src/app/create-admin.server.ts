// `npm run admin:create`: the feature's command with this release's migrations.
import { createAdminCommand } from '~/features/admin/create-admin.server';
import { migrateDatabase } from './migrations/index.server';

await createAdminCommand(migrateDatabase);
