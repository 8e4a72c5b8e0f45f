import { z } from 'zod';
import type { AdminRole } from '~/platform/db/schema';
import { endpoint } from '~/platform/http/api';
import { LANGUAGES } from '~/platform/i18n/languages';
import { emailSchema, passwordSchema } from './schema';

// The admin team: owners invite admins (an e-mailed one-time link), deactivate and
// reactivate them and make them owners or take that away; every admin sees the team and
// changes their own password. Shared by the pages and the server.

export const TEAM_ENDPOINTS = {
  team: endpoint('/api/admin/team'),
  invite: endpoint('/api/admin/team/invitations'),
  resend: endpoint('/api/admin/team/invitations/:id/resend'),
  cancel: endpoint('/api/admin/team/invitations/:id/cancel'),
  deactivate: endpoint('/api/admin/team/admins/:id/deactivate'),
  reactivate: endpoint('/api/admin/team/admins/:id/reactivate'),
  role: endpoint('/api/admin/team/admins/:id/role'),
  password: endpoint('/api/admin/password'),
};

/** Public: the invitee's page reads the invitation and accepts it (the token is the key). */
export const INVITATION_ENDPOINTS = {
  read: endpoint('/api/admin/invitation'),
  accept: endpoint('/api/admin/invitation/accept'),
};

/** An invitation link works this long. */
export const INVITATION_TTL_HOURS = 72;

export const inviteSchema = z.object({
  // A required text's message for a missing value too (conform reads an empty field as missing).
  firstName: z
    .string({ error: 'admin:form.errors.nameMin' })
    .trim()
    .min(2, 'admin:form.errors.nameMin')
    .max(100, 'admin:form.errors.nameLong'),
  email: emailSchema,
  language: z.enum(LANGUAGES),
});

const ADMIN_ROLES = ['owner', 'admin'] as const satisfies readonly AdminRole[];

/** An owner makes an admin an owner (`owner`) or takes that away (`admin`). */
export const roleSchema = z.object({ role: z.enum(ADMIN_ROLES) });

const token = z.string().trim().min(1, 'admin:team.errors.tokenMissing').max(200);

export const invitationReadSchema = z.object({ token });

export const acceptSchema = z.object({ token, password: passwordSchema });

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: 'admin:form.errors.passwordRequired' })
    .min(1, 'admin:form.errors.passwordRequired')
    .max(200, 'admin:form.errors.passwordLong'),
  newPassword: passwordSchema,
});

export interface TeamAdmin {
  id: string;
  email: string;
  firstName: string;
  active: boolean;
  role: AdminRole;
  lastLoginAt: string | null;
  createdAt: string;
}

type InvitationStatus = 'pending' | 'expired';

export interface TeamInvitation {
  id: string;
  email: string;
  firstName: string;
  language: string;
  status: InvitationStatus;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface TeamOverview {
  admins: TeamAdmin[];
  invitations: TeamInvitation[];
}

/** What the invitee's page shows before a password is chosen. */
export interface InvitationDetails {
  email: string;
  firstName: string;
  language: string;
  expiresAt: string;
}
