/**
 * The privacy tools' shared shapes: what erasure does to a table, the rows found about a person,
 * retention periods and the retention job's report and schedule (the privacy admin shows them).
 */

/** What erasure does to a table's rows about the person. */
export type PrivacyAction = 'delete' | 'anonymise' | 'keep';

export interface PrivacyTableRows {
  table: string;
  action: PrivacyAction;
  rows: Record<string, unknown>[];
}

/** A length of time in calendar units (months and years as the calendar counts them). */
export interface Duration {
  days?: number;
  months?: number;
  years?: number;
}

export interface RetentionReport {
  /** Another instance held the lock: it did this run. */
  skipped: boolean;
  /** Rows purged per kind, plus expired links and sessions. */
  removed: Record<string, number>;
}

export interface RetentionSchedule {
  nextRun: string;
  kinds: {
    name: string;
    action: 'delete' | 'anonymise' | 'blank';
    period: Duration;
    /** Rows the next run purges. */
    dueAtNextRun: number;
    /** When the oldest row still kept falls due (null: none kept). */
    oldestDue: string | null;
  }[];
}
