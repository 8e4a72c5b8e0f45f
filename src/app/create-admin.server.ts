// `npm run admin:create`: the feature's command with this release's migrations.
import { exitOnUnsupportedNode } from '~/platform/config/supported-node.server';
import { createAdminCommand } from '~/features/admin/create-admin.server';
import { migrateDatabase } from './migrations/index.server';

exitOnUnsupportedNode();
await createAdminCommand(migrateDatabase);
