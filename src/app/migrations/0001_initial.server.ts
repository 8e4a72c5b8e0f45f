import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// The tables of docs/PRODUCT.md (Data model) plus what our product adds. Money is integer pence (GBP).
const up = [
  `create table products (
     id text primary key,
     category text not null,
     name_lt text not null,
     name_en text not null,
     price_pence integer not null check (price_pence > 0),
     currency text not null default 'GBP',
     active boolean not null default true,
     sort_order integer not null default 0,
     updated_at timestamptz not null default now()
   )`,
  `create sequence bbq_order_number_seq`,
  `create table bbq_orders (
     id uuid primary key default gen_random_uuid(),
     order_number text not null unique,
     public_token text not null unique,
     customer_name text not null,
     customer_email text not null,
     customer_phone text,
     delivery_method text not null check (delivery_method in ('delivery', 'pickup')),
     delivery_address jsonb,
     delivery_cost integer not null default 0 check (delivery_cost >= 0),
     notes text,
     total_amount integer not null check (total_amount >= 0),
     currency text not null default 'GBP',
     order_status text not null default 'pending'
       check (order_status in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'expired')),
     payment_status text not null default 'pending' check (payment_status in ('pending', 'paid', 'failed')),
     language text not null default 'lt',
     payment_provider text,
     payment_session_id text,
     checkout_started_at timestamptz,
     paid_at timestamptz,
     payment_flagged boolean not null default false,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  `create index bbq_orders_created_at_idx on bbq_orders (created_at desc)`,
  `create index bbq_orders_email_idx on bbq_orders (lower(customer_email))`,
  `create unique index bbq_orders_payment_session_idx on bbq_orders (payment_session_id)`,
  `create table bbq_order_items (
     id uuid primary key default gen_random_uuid(),
     order_id uuid not null references bbq_orders (id) on delete cascade,
     product_id text not null references products (id),
     product_name text not null,
     quantity integer not null check (quantity between 1 and 10),
     product_price integer not null check (product_price >= 0),
     total_price integer not null check (total_price >= 0)
   )`,
  `create index bbq_order_items_order_idx on bbq_order_items (order_id)`,
  `create table contacts (
     id uuid primary key default gen_random_uuid(),
     name text not null,
     email text not null,
     phone text,
     message text not null,
     category text not null,
     status text not null default 'new' check (status in ('new', 'resolved')),
     language text not null default 'lt',
     created_at timestamptz not null default now(),
     resolved_at timestamptz
   )`,
  `create index contacts_created_at_idx on contacts (created_at desc)`,
  `create table community_memberships (
     id uuid primary key default gen_random_uuid(),
     community_name text not null,
     membership_type text not null,
     payment_amount integer not null default 0 check (payment_amount >= 0),
     status text not null default 'new',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()
   )`,
  `create table admin_users (
     id uuid primary key default gen_random_uuid(),
     email text not null unique,
     first_name text not null,
     password_hash text not null,
     is_active boolean not null default true,
     failed_attempts integer not null default 0,
     locked_until timestamptz,
     last_login_at timestamptz,
     created_at timestamptz not null default now()
   )`,
  `create table registrations (
     id uuid primary key default gen_random_uuid(),
     first_name text not null,
     last_name text not null,
     email text not null,
     phone text not null,
     participation_types jsonb not null,
     camping text not null,
     adults integer not null default 1 check (adults >= 0),
     children integer not null default 0 check (children >= 0),
     dietary_needs text,
     accessibility_needs text,
     notes text,
     agreed_to_rules boolean not null,
     status text not null default 'new',
     language text not null default 'lt',
     created_at timestamptz not null default now()
   )`,
  `create index registrations_created_at_idx on registrations (created_at desc)`,
  `create table sponsor_applications (
     id uuid primary key default gen_random_uuid(),
     company_name text not null,
     contact_person text not null,
     email text not null,
     phone text,
     website text,
     sponsorship_level text not null,
     sponsorship_types jsonb not null,
     budget_range text not null,
     message text,
     status text not null default 'new' check (status in ('new', 'contacted', 'accepted', 'declined')),
     language text not null default 'lt',
     created_at timestamptz not null default now()
   )`,
  `create table mail_outbox (
     id uuid primary key default gen_random_uuid(),
     template text not null,
     to_address text not null,
     reply_to text,
     subject text not null,
     html_body text not null,
     text_body text not null,
     status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
     attempts integer not null default 0,
     next_attempt_at timestamptz not null default now(),
     last_error text,
     related_table text,
     related_id uuid,
     created_at timestamptz not null default now(),
     sent_at timestamptz
   )`,
  `create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'pending'`,
  `create table sessions (
     id_hash text primary key,
     admin_user_id uuid not null references admin_users (id) on delete cascade,
     created_at timestamptz not null default now(),
     last_seen_at timestamptz not null default now(),
     expires_at timestamptz not null,
     ip text,
     user_agent text
   )`,
  `create table audit_log (
     id bigserial primary key,
     actor_admin_id uuid references admin_users (id) on delete set null,
     actor text not null,
     action text not null,
     entity text not null,
     entity_id text,
     details jsonb,
     created_at timestamptz not null default now()
   )`,
  `create index audit_log_created_at_idx on audit_log (created_at desc)`,
  `create table payment_events (
     event_id text primary key,
     provider text not null,
     type text not null,
     order_id uuid references bbq_orders (id) on delete set null,
     received_at timestamptz not null default now()
   )`,
  `create table app_settings (
     key text primary key,
     value text not null
   )`,
];

export const initial: Migration = {
  up: (db) => runStatements(db, up),
};
