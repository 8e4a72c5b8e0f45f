/** A queued e-mail's life: pending → sending → sent, or failed after the last retry. */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
