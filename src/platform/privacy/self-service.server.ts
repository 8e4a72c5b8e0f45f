import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { PersonalTable } from './personal-data.server';

// The contract of the self-service page (/mano-duomenys, features/privacy): each feature
// describes its own table; the page's API is the privacy feature's.

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
  display?: (value: unknown, t: TFunction, row: Row) => string;
  /** Correctable: the form's own zod schema for the value. */
  edit?: {
    kind: SelfServiceFieldKind;
    schema: z.ZodType;
    optional?: boolean;
    hint?: string;
    /** Pack key of the label while editing, when it says more than the shown one (a consent's full text). */
    label?: string;
  };
}

type Row = Record<string, unknown>;

/** How a correctable value is typed on the self-service page. */
export type SelfServiceFieldKind = 'text' | 'multiline' | 'number' | 'checkbox';

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
  /** Marks the record cancelled (it stays until its retention period ends). */
  cancel?: { column: string; value: string };
}
