import type { Translate } from '~/platform/i18n/translator';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '~/platform/db/schema';
import type { AppContext } from '~/platform/http/app-context.server';
import type { PersonalTable } from './personal-data.server';

// The contract of the self-service page (/mano-duomenys, features/privacy): each feature
// describes its own table; the page's API is the privacy feature's.

/** How a correctable value is typed: `choice`, one of its options (radio buttons); `choices`, one or more (checkboxes). */
export type SelfServiceFieldKind = 'text' | 'multiline' | 'number' | 'checkbox' | 'choice' | 'choices';

/**
 * What the person who sent a record may see and correct through their private link, described
 * by the feature that owns the table (ServerFeature.selfService); erasing goes through the
 * same table's PersonalDataSource.
 */
interface SelfServiceField {
  name: string;
  /** Pack key of its label. */
  label: string;
  /** The column it shows; absent for a value that is no column (a consent: see `beforeSave`). */
  column?: string;
  /** How the stored value reads (choice lists, yes/no). Default: the value as text. */
  display?: (value: unknown, t: Translate, row: Row) => string;
  /** Correctable: the form's own zod schema for the value. */
  edit?: {
    kind: SelfServiceFieldKind;
    schema: z.ZodType;
    optional?: boolean;
    hint?: string;
    /** Pack key of the label while editing, when it says more than the shown one (a consent's full text). */
    label?: string;
    /** A choice's options (kind `choice` or `choices`), each labelled by `optionLabel`. */
    options?: readonly string[];
    optionLabel?: (value: string, t: Translate) => string;
  };
}

type Row = Record<string, unknown>;

/** An edit or a cancellation, as SelfServiceSource.afterChange receives it. */
export interface SelfServiceChange {
  /** `restore`: the person undid their own cancellation. */
  kind: 'edit' | 'cancel' | 'restore';
  /** The record as it was, and as it is now (the same transaction). */
  before: Row;
  after: Row;
  /** The record's stored language: its e-mails are in it, whatever the page's. */
  language: string;
}

export interface SelfServiceSource {
  table: PersonalTable;
  /** Pack key: what the record is ("Your registration"). */
  title: string;
  fields: SelfServiceField[];
  /**
   * Rules across fields before a correction is stored; returns further columns to set (e.g. a
   * consent given with the correction). Throws an HttpError for what it refuses.
   */
  beforeSave?: (row: Row, values: Row, language: string) => Row;
  /** Rules across the corrected values (the form's own cross-field rules), as zod refinements. */
  rules?: (values: Row, ctx: z.RefinementCtx) => void;
  /** Marks the record cancelled (it stays until its retention period ends). */
  cancel?: { column: string; value: string };
  /**
   * Undoes the person's own cancellation, inside its transaction: the columns to set back.
   * Throws an HttpError with a translated message when it cannot (its place given to another).
   */
  restore?: (tx: Transaction<Database>, row: Row, app: AppContext) => Promise<Row>;
  /**
   * Called inside the transaction of an edit or a cancellation, after it is written: the
   * feature's own consequences (its history, a confirmation e-mail, a place freed). Throwing
   * undoes the change. The app's context comes third (content, config, for e-mails).
   */
  afterChange?: (tx: Transaction<Database>, change: SelfServiceChange, app: AppContext) => Promise<void>;
}
