import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Editions (issues 28 and 30): the event facts' edition is the unit one weekend's records
// belong to. `editions` keeps each edition's dates as last published (the event facts follow
// into it on every publish, platform/event/editions.server.ts), so a postponed event moves the
// retention date of the registrations for it. Registrations and sponsor applications record
// the edition they were sent for.
const up = [
  `create table editions (
     edition integer primary key,
     starts_at timestamptz not null,
     ends_at timestamptz not null,
     updated_at timestamptz not null default now()
   )`,
  `alter table registrations add column edition integer`,
  `alter table sponsor_applications add column edition integer`,
  `create index registrations_edition_idx on registrations (edition)`,
  `create index sponsor_applications_edition_idx on sponsor_applications (edition)`,
  // Every edition ever published, with the dates of its latest version (UK wall-clock times).
  `insert into editions (edition, starts_at, ends_at)
   select distinct on ((data->>'edition')::integer)
          (data->>'edition')::integer,
          (data->>'start')::timestamp at time zone 'Europe/London',
          (data->>'end')::timestamp at time zone 'Europe/London'
     from content_versions
    where type = 'event'
    order by (data->>'edition')::integer, version desc`,
  // A record was sent for the edition published when it was sent; a registration sent after
  // that edition had ended (no stored end) was for an edition not yet announced: none.
  `update registrations r
      set edition = (select (v.data->>'edition')::integer from content_versions v
                      where v.type = 'event' and v.published_at <= r.created_at
                      order by v.version desc limit 1)
    where r.event_ends_at is not null`,
  `update sponsor_applications s
      set edition = (select (v.data->>'edition')::integer from content_versions v
                      where v.type = 'event' and v.published_at <= s.created_at
                      order by v.version desc limit 1)`,
];

export const editions: Migration = {
  up: (db) => runStatements(db, up),
};
