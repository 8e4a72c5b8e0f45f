import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Owners and admins (issue 28, findings 6 and 7): only owners manage the team. Until now every
// admin could do everything, so the owners of an existing site are the people who set it up:
// the earliest-created active admin, and every active admin made by /admin/setup or
// `npm run admin:create` (the audit log says which). Everyone else, and every admin accepted
// from an invitation from now on, is a plain admin. Open invitations from an admin who is not
// an owner are cancelled: an invitation lives only as long as its inviter is an active owner.
const up = [
  `alter table admin_users add column role text not null default 'admin'
     check (role in ('owner', 'admin'))`,
  `create temporary table made_owner on commit drop as
     select id, email from admin_users
     where is_active and (
       id = (select id from admin_users where is_active order by created_at, email limit 1)
       or id in (select entity_id::uuid from audit_log
                 where action in ('admin.setup', 'admin.create') and entity = 'admin'
                   and entity_id ~ '^[0-9a-f-]{36}$'))`,
  `update admin_users set role = 'owner' where id in (select id from made_owner)`,
  `insert into audit_log (actor, action, entity, entity_id, details)
     select 'migration', 'admin.make_owner', 'admin', id::text,
            jsonb_build_object('email', email, 'reason', 'migration 0016: set up the site')
     from made_owner`,
  `update admin_invitations set cancelled_at = now()
     where accepted_at is null and cancelled_at is null
       and (invited_by is null
            or invited_by not in (select id from admin_users where role = 'owner' and is_active))`,
];

export const adminRoles: Migration = {
  up: (db) => runStatements(db, up),
};
