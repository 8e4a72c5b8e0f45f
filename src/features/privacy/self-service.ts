import { z } from 'zod';
import { emailField, withFormMeta } from '~/platform/forms/schema';
import { endpoint } from '~/platform/http/api';
import type { SelfServiceFieldKind } from '~/platform/privacy/self-service.server';

/**
 * The self-service API (self-service.server.ts), for the /mano-duomenys page.
 * The private token travels as `?link=` (query values are redacted from the logs).
 */
export const SELF_SERVICE_ENDPOINTS = {
  /** GET ?link=&lang= → SelfServiceView; PATCH with the corrected values; DELETE erases the record. */
  record: endpoint('/api/my-data'),
  /** POST ?link= cancels a registration (kept, marked cancelled). */
  cancel: endpoint('/api/my-data/cancel'),
  /** POST ?link= undoes the person's own cancellation while its place is still free. */
  restore: endpoint('/api/my-data/restore'),
  /** POST ?link= ends this link (and every other link to the record). */
  revoke: endpoint('/api/my-data/revoke'),
  /** GET ?link=&lang= → a JSON file of everything stored about the link's address (attachment). */
  export: endpoint('/api/my-data/export'),
  /** POST { email, language }: "send me my links"; the same answer for every address. */
  links: endpoint('/api/my-data/links'),
};

/** "Send me my links": the address to look up (the form on the privacy notice and /mano-duomenys). */
export const myLinksSchema = z.strictObject({ email: emailField('privacy:links.errors.email') });
export type MyLinksInput = z.input<typeof myLinksSchema>;

/** As sent to the API or the pages' action: with the e-mail's language and the spam checks' fields. */
export const myLinksRequestSchema = withFormMeta(myLinksSchema);

/**
 * What /mano-duomenys posts about the record its link opens (with or without scripts the same
 * form; decision 0039): show it, open its correction, store a correction, ask before cancelling,
 * cancel it, undo that, ask before deleting, delete it, end the link. Anything else posted there
 * is "send me my links".
 */
const SELF_SERVICE_INTENTS = [
  'open',
  'edit',
  'correct',
  'confirmCancel',
  'cancel',
  'restore',
  'confirmDelete',
  'delete',
  'end',
] as const;
export type SelfServiceIntent = (typeof SELF_SERVICE_INTENTS)[number];
export const INTENT_FIELD = 'intent';

export const isSelfServiceIntent = (value: unknown): value is SelfServiceIntent =>
  SELF_SERVICE_INTENTS.includes(value as SelfServiceIntent);

/** Such a post as the page's route action reads it: the intent; the fields are the record's (read by its source). */
export const selfServicePostSchema = z.looseObject({ [INTENT_FIELD]: z.enum(SELF_SERVICE_INTENTS) });

/** The page's answer to such a post, rendered without scripts (the route action's `answered`). */
export interface SelfServiceAnswer {
  /** The link does not work (wrong, expired, ended, its record deleted). */
  gone?: boolean;
  /** The record could not be read now (the database away): the page says so. */
  unavailable?: boolean;
  view?: SelfServiceView;
  /** The correction form is open (asked for, or sent back with errors). */
  editing?: boolean;
  /** What was stored: shown as a notice above the record. */
  done?: 'corrected' | 'cancelled' | 'restored';
  /** An action that asks first: its question is shown, with yes and back. */
  confirm?: 'cancel' | 'delete';
  /** The record was deleted, or the link ended, by this post. */
  deleted?: boolean;
  ended?: boolean;
  /** A refused correction: what was typed and each field's translated error key. */
  values?: Record<string, string | string[]>;
  errors?: { field: string; message: string }[];
}

export interface SelfServiceViewField {
  name: string;
  label: string;
  /** Shown as text; for an editable field, its current value; a yes/no is `true`/`false`. */
  value: string;
  /** A yes or no (a consent): shown in words. */
  yesNo?: boolean;
  /** Absent: shown only. */
  editable?: {
    kind: SelfServiceFieldKind;
    optional: boolean;
    hint?: string;
    label?: string;
    /** A choice's options, labelled in the page's language, and the values chosen now. */
    options?: { value: string; label: string }[];
    chosen?: string[];
  };
}

/** One record as its sender sees it, labels already in the page's language. */
export interface SelfServiceView {
  /** What kind of record it is ("Your registration"). */
  title: string;
  sentAt: string;
  fields: SelfServiceViewField[];
  /** Registrations can be cancelled and stay (marked) until the organisers' retention ends. */
  cancellable: boolean;
  cancelled: boolean;
  /** A cancelled record its person may try to take back (the server says if its place is gone). */
  restorable: boolean;
}
