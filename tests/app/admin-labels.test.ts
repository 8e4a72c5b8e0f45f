import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS } from '~/features/contact/schema';
import { CAMPING_OPTIONS, PARTICIPATION_TYPES } from '~/features/registration/schema';
import { BUDGET_RANGES, SPONSORSHIP_LEVELS, SPONSORSHIP_TYPES } from '~/features/sponsors/schema';
import { ADMIN_SECTIONS } from '~/app/admin-sections';
import { AUDIT_ENTITIES } from '~/features/admin/admin';
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
  budget: BUDGET_RANGES,
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
    });
  }
});
