import { globSync, readFileSync } from 'node:fs';
import { SERVER_FEATURES } from '~/app/features.server';
import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS } from '~/features/contact/schema';
import { CAMPING_OPTIONS, PARTICIPATION_TYPES } from '~/features/registration/schema';
import { SPONSORSHIP_LEVELS, SPONSORSHIP_TYPES } from '~/features/sponsors/schema';
import { ADMIN_SECTIONS } from '~/app/admin-sections';
import { AUDIT_ENTITIES } from '~/features/admin/admin';
import { recordLink } from '~/features/admin/AuditAdminCard';
import { CONTACT_STATUSES } from '~/features/contact/admin';
import { MEMBERSHIP_STATUSES } from '~/features/memberships/admin';
import { ORDER_ACTIONS, ORDER_STATUSES, PAYMENT_STATUSES } from '~/features/shop/workflow';
import { SPONSOR_STATUSES } from '~/features/sponsors/admin';
import { OUTBOX_STATUSES } from '~/platform/mail/statuses';

const LIST_NAMES = ADMIN_SECTIONS.flatMap((section) => (section.lists ?? []).map((view) => view.list.name));

type Pack = Record<string, Record<string, Record<string, string>>>;
const packs = Object.fromEntries(
  (['lt', 'en'] as const).map((lang) => [
    lang,
    JSON.parse(
      readFileSync(new URL(`../../src/platform/i18n/locales/${lang}/admin.json`, import.meta.url), 'utf8'),
    ) as Pack,
  ]),
);

// Every value the database can hold (written by the public forms, the shop, the workflow)
// has a label in both languages, so the admin never sees a raw code.
const VALUE_GROUPS: Record<string, readonly string[]> = {
  camping: CAMPING_OPTIONS,
  participation: PARTICIPATION_TYPES,
  category: CONTACT_SUBJECTS,
  level: SPONSORSHIP_LEVELS,
  sponsorType: SPONSORSHIP_TYPES,
  orderStatus: ORDER_STATUSES,
  paymentStatus: PAYMENT_STATUSES,
  contactStatus: CONTACT_STATUSES,
  sponsorStatus: SPONSOR_STATUSES,
  membershipStatus: MEMBERSHIP_STATUSES,
  outboxStatus: OUTBOX_STATUSES,
  entity: AUDIT_ENTITIES,
};

describe('admin labels', () => {
  for (const lang of ['lt', 'en'] as const) {
    it(`labels every stored value in ${lang}`, () => {
      for (const [group, values] of Object.entries(VALUE_GROUPS)) {
        for (const value of values)
          expect(packs[lang]!.values![group]?.[value], `${group}.${value}`).toBeTruthy();
      }
      for (const { action } of ORDER_ACTIONS) {
        expect(packs[lang]!.orders!.actions?.[action as never], action).toBeTruthy();
        expect(packs[lang]!.values!.action?.[`order.${action}`], action).toBeTruthy();
      }
      for (const list of LIST_NAMES) expect(packs[lang]!.tabs![list], list).toBeTruthy();
      // Each list's filter values (issue 43: the registrations' groups of the one vocabulary).
      for (const { list } of ADMIN_SECTIONS.flatMap((section) => section.lists ?? []))
        for (const value of list.filters)
          expect(
            packs[lang]!.values![list.filterGroup]?.[value],
            `${list.filterGroup}.${value}`,
          ).toBeTruthy();
    });
  }
});

// Issue 18, item 6: the activity log reads in words. Every action and entity any module writes
// (found in the source, so a new one cannot be forgotten) has a label in both languages, and
// the entity is one of the log's filters.
function writtenAudit() {
  const actions = new Set<string>(ORDER_ACTIONS.map(({ action }) => `order.${action}`));
  const entities = new Set<string>();
  for (const file of globSync('src/**/*.{ts,tsx}').filter((f) => !/\.test\.tsx?$/.test(f))) {
    const source = readFileSync(file, 'utf8');
    if (!/writeAudit|audit\(trx/.test(source)) continue;
    for (const match of source.matchAll(/(?:action: |audit\(trx, )'([a-z_]+\.[a-z_.]+)'/g))
      actions.add(match[1]!);
    for (const match of source.matchAll(/entity: '([a-z_]+)'/g)) entities.add(match[1]!);
  }
  // The self-service entries name each record as the feature that owns its table says.
  for (const source of SERVER_FEATURES.flatMap((feature) => feature.personalData ?? []))
    entities.add(source.auditEntity);
  return { actions, entities };
}

describe('the activity log in words', () => {
  const { actions, entities } = writtenAudit();
  it('finds what the modules write (the scan works)', () => {
    expect(actions).toContain('order.checkout_cancelled');
    expect(actions).toContain('privacy.self_service.erased');
    expect(actions).toContain('content.publish');
    expect(entities).toContain('registration');
    expect(actions.size).toBeGreaterThan(35);
  });
  for (const lang of ['lt', 'en'] as const) {
    it(`labels every action and entity in ${lang}`, () => {
      for (const action of actions) expect(packs[lang]!.values!.action?.[action], action).toBeTruthy();
      for (const entity of entities) {
        expect(packs[lang]!.values!.entity?.[entity], entity).toBeTruthy();
        expect(AUDIT_ENTITIES as readonly string[], entity).toContain(entity);
      }
      for (const actor of [
        'cli',
        'setup',
        'customer',
        'self_service',
        'retention',
        'payment_test',
        'payment_stripe',
      ])
        expect(packs[lang]!.values!.actor?.[actor], actor).toBeTruthy();
    });
  }
  it('links an entry to its record', () => {
    const id = '5f0c2a7e-1b2c-4d5e-8f90-123456789abc';
    expect(recordLink({ entity: 'order', entity_id: id })).toBe(`/admin?tab=orders&q=${id}`);
    expect(recordLink({ entity: 'registration', entity_id: id })).toBe(`/admin?tab=registrations&q=${id}`);
    expect(recordLink({ entity: 'content', entity_id: 'page.faq' })).toBe('/admin/content/page.faq');
    expect(recordLink({ entity: 'retention', entity_id: null })).toBeNull();
  });
});
