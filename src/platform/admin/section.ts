import type { ComponentType } from 'react';
import { z } from 'zod';
import { endpoint } from '~/platform/http/api';
import { editionParam } from './edition';

/**
 * The admin area's contract with the features. A feature shows its own records in the
 * dashboard through an AdminSection (lists, stat tiles, a panel) and serves them through an
 * AdminSectionServer (platform/admin/area.server.ts); src/app lists the sections. The
 * platform draws the dashboard and runs the generic list query; it knows no feature.
 */

/** The admin area's own endpoints (implemented by the admin feature and area.server.ts). */
export const ADMIN_ENDPOINTS = {
  session: endpoint('/api/admin/session'),
  logout: endpoint('/api/admin/logout'),
  stats: endpoint('/api/admin/stats'),
};

/** A list of records: `/api/admin/<name>` (JSON pages) and `/api/admin/<name>.csv`. */
export interface AdminListDefinition {
  name: string;
  /** The values its one filter offers (statuses, camping…), labelled `admin:values.<filterGroup>.<value>`. */
  filters: readonly string[];
  filterGroup: string;
  /** Its records belong to an edition (an `edition` column): shown one edition at a time. */
  byEdition?: boolean;
}

export const adminListUrl = (list: AdminListDefinition, format: 'json' | 'csv' = 'json') =>
  `/api/admin/${list.name}${format === 'csv' ? '.csv' : ''}`;

export const PAGE_SIZE = 20;

/**
 * Query of every admin list: page number, one search text, one filter value, CSV language,
 * and the edition (lists of edition-bound records only; the others ignore it).
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(100).default(''),
  status: z.string().trim().max(40).default(''),
  lang: z.enum(['lt', 'en']).default('lt'),
  edition: editionParam,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminRowProps<Row> {
  row: Row;
  /** Call after a change: lists, stats and panels reload. */
  onChanged: () => void;
}

export interface AdminListView<Row = never> {
  list: AdminListDefinition;
  /** How one record looks, with its actions. */
  Row: ComponentType<AdminRowProps<Row>>;
  /** Extra buttons beside search and export (e.g. "New membership"). */
  Toolbar?: ComponentType<{ onChanged: () => void }>;
  /** Key of this section's stats whose count shows on the tab (records waiting for someone). */
  waiting?: string;
}

/** Numbers by section name, then by key: the answer of ADMIN_ENDPOINTS.stats. */
export type DashboardStats = Record<string, Record<string, number>>;

export interface StatTile {
  key: string;
  /** Key of the admin pack. */
  label: string;
  money?: boolean;
  /** Highlighted when not zero (something waits for an organiser). */
  alert?: boolean;
}

export interface AdminSection {
  /** Also the key of its numbers in DashboardStats. */
  name: string;
  // `any`: each list has its own row type; the section only passes rows to its own Row.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  lists?: AdminListView<any>[];
  tiles?: StatTile[];
  /**
   * A block below the tiles (e.g. registration headcounts), given this section's numbers and
   * the label of the edition they count, if they are of edition-bound records.
   */
  Summary?: ComponentType<{ stats: Record<string, number> | undefined; editionLabel?: string }>;
  /** A block of its own above the lists (e.g. payments that need a look). */
  Panel?: ComponentType<{ version: number; onChanged: () => void }>;
}
