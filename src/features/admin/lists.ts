import { CAMPING_OPTIONS, type CampingOption, type ParticipationType } from '~/features/registration/schema';
import { MEMBERSHIP_STATUSES } from './schema';
import { CONTACT_STATUSES, ORDER_STATUSES, OUTBOX_STATUSES, SPONSOR_STATUSES } from './workflow';

// Stored values the admin counts and filters by, from the public forms' own schemas.
export const CAMPING_VALUES = CAMPING_OPTIONS;
export const COMPETITOR_TYPE: ParticipationType = 'compete';
export const HELPER_TYPE: ParticipationType = 'help_organise';
/** Day visitors: registrations staying for the day only (adults and children counted). */
export const DAY_CAMPING: CampingOption = 'day_only';

export const AUDIT_ENTITIES = ['order', 'contact', 'membership', 'sponsor_application', 'admin'] as const;

/**
 * Every admin list, in tab order, with the values its one filter offers (statuses; camping
 * for registrations; the changed thing for the audit log). The API serves `/api/admin/<list>`
 * and `/api/admin/<list>.csv` for each.
 */
export const LIST_FILTERS = {
  orders: ORDER_STATUSES,
  contacts: CONTACT_STATUSES,
  memberships: MEMBERSHIP_STATUSES,
  registrations: CAMPING_VALUES,
  'sponsor-applications': SPONSOR_STATUSES,
  outbox: OUTBOX_STATUSES,
  audit: AUDIT_ENTITIES,
} as const;

export type ListName = keyof typeof LIST_FILTERS;
export const LIST_NAMES = Object.keys(LIST_FILTERS) as ListName[];

export interface ListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
}

// Row shapes the API returns (dates as ISO strings, money in pence).
export interface OrderItemRow {
  product_name: string;
  quantity: number;
  product_price: number;
  total_price: number;
}
export interface OrderRow {
  id: string;
  order_number: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  delivery_method: 'delivery' | 'pickup';
  delivery_address: { street: string; city: string; postal_code: string; country: string } | null;
  delivery_cost: number;
  notes: string | null;
  total_amount: number;
  order_status: string;
  payment_status: string;
  payment_flagged: boolean;
  checkout_started_at: string | null;
  paid_at: string | null;
  created_at: string;
  items: OrderItemRow[];
}
export interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  category: string;
  status: string;
  created_at: string;
  resolved_at: string | null;
}
export interface MembershipRow {
  id: string;
  community_name: string;
  membership_type: string;
  payment_amount: number;
  status: string;
  created_at: string;
}
export interface RegistrationRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  participation_types: string[];
  camping: string;
  adults: number;
  children: number;
  dietary_needs: string | null;
  accessibility_needs: string | null;
  notes: string | null;
  language: string;
  created_at: string;
}
export interface SponsorApplicationRow {
  id: string;
  company_name: string;
  contact_person: string;
  email: string;
  phone: string | null;
  website: string | null;
  sponsorship_level: string;
  sponsorship_types: string[];
  budget_range: string;
  message: string | null;
  status: string;
  created_at: string;
}
export interface OutboxRow {
  id: string;
  template: string;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}
export interface OutboxMail extends OutboxRow {
  reply_to: string | null;
  text_body: string;
  html_body: string;
}
export interface AuditRow {
  id: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Record<string, unknown> | null;
  created_at: string;
}

export interface ListRows {
  orders: OrderRow;
  contacts: ContactRow;
  memberships: MembershipRow;
  registrations: RegistrationRow;
  'sponsor-applications': SponsorApplicationRow;
  outbox: OutboxRow;
  audit: AuditRow;
}

export interface DashboardStats {
  orders: { total: number; pending: number; revenuePence: number };
  contacts: { new: number };
  sponsorApplications: { new: number };
  registrations: {
    total: number;
    adults: number;
    children: number;
    tents: number;
    dayVisitors: number;
    competitors: number;
    helpers: number;
  };
}

export interface HealthOrder {
  id: string;
  order_number: string;
  customer_name: string;
  total_amount: number;
  order_status: string;
  payment_status: string;
  checkout_started_at: string | null;
  paid_at: string | null;
}

export interface PaymentsHealth {
  lastWebhookAt: string | null;
  stuckAfterMinutes: number;
  stuck: HealthOrder[];
  flagged: HealthOrder[];
}
