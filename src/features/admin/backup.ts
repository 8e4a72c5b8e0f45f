import { endpoint } from '~/platform/http/api';

/** GET: a backup of the whole database, photos included, as one file (signed-in owners). */
export const BACKUP_ENDPOINTS = {
  download: endpoint('/api/admin/backup'),
};

/** Keys of the `admin` pack for the API's refusals. */
export const BACKUP_MESSAGES = {
  failed: 'admin:backup.errors.failed',
  ownerOnly: 'admin:backup.errors.ownerOnly',
};
