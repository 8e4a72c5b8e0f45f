import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, insertRegistration, sessionCookie } from '@tests/helpers/admin';
import { postForm, validRequests } from '@tests/helpers/forms';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import { FOOD_ENDPOINTS, foodKey } from '~/features/registration/food';
import type { DashboardStats } from '~/platform/admin/section';
import { PATHS } from '~/platform/paths';

// Issue 47, the food counts: diets asked per party on the form and kept with the needs'
// consent; the admin's food page and CSV count them for an edition, expected (registered:
// not the waiting list, not the cancelled) and arrived (checked in); the food to buy at the
// edition's amount per person (0.6 kg by default: 100 people, 60 kg).

describe.each(TEST_DATABASE_KINDS)('food counts (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'food@example.com' });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  const numbers = async () => {
    const response = await call(t, 'GET', '/api/admin/stats', { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as DashboardStats).registration!;
  };

  it('12 registrations (2 cancelled, 1 waiting): exact portions of the 9, arrivals apart, 60 kg for 100 people, a CSV without names', async () => {
    await t.db.deleteFrom('registrations').execute();
    // Nine registered parties of 100 people in all, with their diets.
    const counted = [
      { adults: 10, children: 2, diet_vegetarian: 3, diet_halal: 2, types: ['compete'] },
      { adults: 8, children: 4, diet_vegan: 1, diet_gluten_free: 1, types: ['bring_dish'] },
      { adults: 12, children: 0, diet_no_pork: 12, types: ['compete', 'bring_dish'] },
      { adults: 6, children: 6, diet_allergy: 1, diet_vegetarian: 2 },
      { adults: 11, children: 0 },
      { adults: 9, children: 2, diet_vegetarian: 11 },
      { adults: 10, children: 1, diet_vegan: 2, diet_vegetarian: 2 },
      { adults: 7, children: 3, diet_halal: 4 },
      { adults: 5, children: 4, diet_gluten_free: 2, diet_allergy: 1 },
    ];
    const ids: string[] = [];
    for (const [index, party] of counted.entries())
      ids.push(
        (
          await insertRegistration(t.db, {
            first_name: `Dalyvis${index}`,
            email: `food${index}@example.com`,
            status: index % 2 ? 'confirmed' : 'new',
            ...party,
          })
        ).id,
      );
    // Not counted: two cancelled, one waiting, all with diets that would show.
    for (const [index, status] of ['cancelled', 'cancelled', 'waiting'].entries())
      await insertRegistration(t.db, {
        first_name: `Ne${index}`,
        email: `not${index}@example.com`,
        status,
        adults: 4,
        children: 0,
        diet_vegetarian: 4,
        diet_halal: 1,
        types: ['compete'],
      });
    // Two parties arrived, one with fewer than registered.
    for (const [id, adults, children] of [
      [ids[0]!, 10, 2],
      [ids[5]!, 8, 2],
    ] as const)
      await t.db
        .insertInto('check_ins')
        .values({ registration_id: id, adults, children, tents: 0, arrived_at: new Date(), by_label: 'gate' })
        .execute();

    const stats = await numbers();
    const expected = (row: Parameters<typeof foodKey>[1]) => stats[foodKey('expected', row)];
    const arrived = (row: Parameters<typeof foodKey>[1]) => stats[foodKey('arrived', row)];
    expect({
      people: expected('people'),
      adults: expected('adults'),
      children: expected('children'),
      vegetarian: expected('vegetarian'),
      vegan: expected('vegan'),
      halal: expected('halal'),
      noPork: expected('noPork'),
      glutenFree: expected('glutenFree'),
      allergy: expected('allergy'),
      competitors: expected('competitors'),
      bringDish: expected('bringDish'),
    }).toEqual({
      people: 100,
      adults: 78,
      children: 22,
      vegetarian: 18,
      vegan: 3,
      halal: 6,
      noPork: 12,
      glutenFree: 3,
      allergy: 2,
      competitors: 2,
      bringDish: 2,
    });
    // Per party, its people less its diets (none below 0): 7+10+0+9+11+0+7+6+6.
    expect(expected('noSpecialDiet')).toBe(56);
    expect({
      people: arrived('people'),
      adults: arrived('adults'),
      children: arrived('children'),
      vegetarian: arrived('vegetarian'),
      halal: arrived('halal'),
      competitors: arrived('competitors'),
    }).toEqual({ people: 22, adults: 18, children: 4, vegetarian: 14, halal: 2, competitors: 1 });
    expect(stats['food.gramsPerPerson']).toBe(600);

    const csv = await call(t, 'GET', `${FOOD_ENDPOINTS.csv.path}?lang=en`, { cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/filename="food\.csv"/);
    const rows = parse((await csv.text()).replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual(['What is counted', 'Expected', 'Arrived']);
    const byLabel = Object.fromEntries(rows.slice(1).map(([label, ...values]) => [label, values]));
    expect(byLabel.People).toEqual(['100', '22']);
    expect(byLabel.Vegetarian).toEqual(['18', '14']);
    expect(byLabel['Food to buy (kg)']).toEqual(['60', '13.2']);
    // No name, address nor phone of anyone, nor the personal-data note.
    const text = rows.flat().join('\n');
    for (const secret of ['Dalyvis', '@example.com', '+44', 'personal data'])
      expect(text).not.toContain(secret);
  });

  it("the amount per person is the edition's, audited; a bad one is refused, translated, and changes nothing", async () => {
    const edition = (
      await t.db.selectFrom('editions').select('edition').orderBy('edition', 'desc').executeTakeFirstOrThrow()
    ).edition;
    const refused = await call(t, 'PUT', FOOD_ENDPOINTS.settings.path, {
      cookie,
      body: { edition, kgPerPerson: 9 },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fields: [{ field: 'kgPerPerson', message: 'admin:food.errors.kgPerPerson' }],
    });
    expect((await numbers())['food.gramsPerPerson']).toBe(600);

    const saved = await call(t, 'PUT', FOOD_ENDPOINTS.settings.path, {
      cookie,
      body: { edition, kgPerPerson: 0.45 },
    });
    expect(saved.status).toBe(200);
    expect((await numbers())['food.gramsPerPerson']).toBe(450);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'registration.food_settings')
      .execute();
    expect(audit).toEqual([{ action: 'registration.food_settings', entity_id: String(edition) }]);
    // Without a session: refused, nothing stored.
    expect(
      (await call(t, 'PUT', FOOD_ENDPOINTS.settings.path, { body: { edition, kgPerPerson: 1 } })).status,
    ).toBe(401);

    // The food page: in the HTML for the signed-in admin (its loader), the sign-in page otherwise.
    const page = await call(t, 'GET', `${PATHS.adminFood}?lang=en`, { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Food counts');
    expect(html).toContain('45 kg (100 people × 0.45 kg)');
    expect((await call(t, 'GET', PATHS.adminFood)).status).toBe(302);
  });

  it("the form asks the diets per party, under the needs' consent and within the party", async () => {
    const body = { ...validRequests.registration.body, email: 'diets@example.com', adults: 2, children: 1 };
    const noConsent = await postForm(t.app, validRequests.registration.url, {
      ...body,
      dietaryNeeds: '',
      healthConsent: false,
      dietHalal: 1,
    });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.fields).toContainEqual({
      field: 'healthConsent',
      message: 'registration:validation.healthConsent',
    });
    const tooMany = await postForm(t.app, validRequests.registration.url, { ...body, dietVegan: 4 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toContainEqual({
      field: 'dietVegan',
      message: 'registration:validation.dietMoreThanParty',
    });
    expect(
      await t.db.selectFrom('registrations').where('email', '=', 'diets@example.com').selectAll().execute(),
    ).toEqual([]);
    const stored = await postForm(t.app, validRequests.registration.url, {
      ...body,
      dietVegan: 3,
      dietAllergy: 1,
    });
    expect(stored.status).toBe(201);
    expect(
      await t.db
        .selectFrom('registrations')
        .select(['diet_vegan', 'diet_allergy', 'diet_halal'])
        .where('email', '=', 'diets@example.com')
        .executeTakeFirstOrThrow(),
    ).toEqual({ diet_vegan: 3, diet_allergy: 1, diet_halal: 0 });

    // Through the private link: changed within the party, refused beyond it (nothing changed).
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'diets@example.com')
      .executeTakeFirstOrThrow();
    const link = /\/mano-duomenys\?link=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
    const correction = {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      participationType: body.participationType,
      camping: body.camping,
      adults: 2,
      children: 1,
      dietVegetarian: 0,
      dietVegan: 1,
      dietHalal: 2,
      dietNoPork: 0,
      dietGlutenFree: 0,
      dietAllergy: 0,
      dietaryNeeds: '',
      accessibilityNeeds: '',
      healthConsent: true,
      notes: '',
    };
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/my-data?link=${link}&lang=en`,
        payload,
        remoteAddress: '10.47.0.1',
      });
    const beyond = await patch({ ...correction, dietHalal: 4 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({
      fields: [{ field: 'dietHalal', message: 'registration:validation.dietMoreThanParty' }],
    });
    expect((await patch(correction)).statusCode).toBe(200);
    expect(
      await t.db
        .selectFrom('registrations')
        .select(['diet_vegan', 'diet_allergy', 'diet_halal'])
        .where('email', '=', 'diets@example.com')
        .executeTakeFirstOrThrow(),
    ).toEqual({ diet_vegan: 1, diet_allergy: 0, diet_halal: 2 });
    // Kept in its history, as every change the participant makes.
    expect(
      await t.db
        .selectFrom('registration_changes')
        .select(['field', 'before', 'after'])
        .where('field', 'in', ['dietVegetarian', 'dietVegan', 'dietHalal', 'dietAllergy'])
        .orderBy('field')
        .execute(),
    ).toEqual([
      { field: 'dietAllergy', before: '1', after: '0' },
      { field: 'dietHalal', before: '0', after: '2' },
      { field: 'dietVegan', before: '3', after: '1' },
    ]);
  });
});
