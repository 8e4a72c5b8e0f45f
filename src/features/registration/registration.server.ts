import { registrationSelfService } from './self-service.server';
import type { ServerFeature } from '~/platform/feature.server';
import { registrationAdmin } from './admin.server';
import { formPlugin } from '~/platform/forms/form-endpoint.server';
import { REGISTRATION_ENDPOINT } from './api';
import { PATHS } from '~/platform/paths';
import { registrationMails } from './mail.server';
import { dietColumns, registrationRequestSchema } from './schema';
import { consentsOf } from './consents.server';
import { editionEnd } from '~/platform/event/editions.server';
import { sql } from 'kysely';
import { eventPhase } from '~/platform/event/phase';
import { HttpError } from '~/platform/http/errors.server';
import { admissionFacts, admit, placesOnErase, waitingMail, waitingPosition } from './places.server';
import { placesFollower, placesRoutes } from './places-routes.server';

/** POST /api/registrations: stores a participant registration and queues its two e-mails. */
const registrationRoutes = formPlugin({
  endpoint: REGISTRATION_ENDPOINT,
  table: 'registrations',
  schema: registrationRequestSchema,
  selfService: { table: 'registrations', email: (data) => data.email },
  page: PATHS.registration,
  save: async (trx, data, ctx, { manageUrl }) => {
    const now = ctx.content.now();
    // The window and the limits as committed, under the edition's lock: a publish on another
    // instance counts from its commit, before this one has heard of it (issue 42).
    const { facts, edition } = await admissionFacts(trx, now);
    // Outside the window the page says so; a post from a page opened before is refused.
    const { registration } = eventPhase(facts, now);
    if (registration !== 'open')
      throw new HttpError(409, registration === 'notYet' ? 'registration_not_open' : 'registration_closed', {
        message:
          registration === 'notYet'
            ? 'registration:window.refusedNotYet'
            : 'registration:window.refusedClosed',
      });
    // Over the limits (or while others wait): the waiting list (issue 32).
    const waiting = (await admit(trx, edition, facts, data)) === 'waiting';
    const { id } = await trx
      .insertInto('registrations')
      .values({
        first_name: data.firstName,
        last_name: data.lastName,
        email: data.email,
        phone: data.phone,
        participation_types: JSON.stringify(data.participationType),
        camping: data.camping,
        adults: data.adults,
        children: data.children,
        ...dietColumns(data),
        dietary_needs: data.dietaryNeeds ?? null,
        accessibility_needs: data.accessibilityNeeds ?? null,
        notes: data.notes ?? null,
        agreed_to_rules: data.agreedToRules,
        consents: JSON.stringify(consentsOf(data)),
        // Its retention period starts when its edition ends, as last published (issue 28).
        edition,
        language: data.language,
        ...(waiting ? { status: 'waiting', waitlisted_at: new Date() } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mails = registrationMails(data, ctx.config, ctx.content.content, manageUrl);
    if (!waiting) return { id, mails };
    const position = await waitingPosition(trx, id, facts.places);
    // The organisers' notice as ever; the participant is told their number in line instead.
    const { config, content } = ctx;
    const notice = mails.filter((mail) => !mail.autoReply);
    return {
      id,
      mails: [...notice, waitingMail(data, position, { config, content: content.content }, manageUrl)],
      answer: { waiting: { position } },
      // In the participant's language, as the form's own next page (inLanguage).
      next: `${PATHS.registrationWaiting}?position=${position}${data.language === 'en' ? '&lang=en' : ''}`,
    };
  },
});

export const registrationFeature: ServerFeature = {
  name: 'registration',
  routes: async (app) => {
    await registrationRoutes(app);
    await placesRoutes(app);
  },
  admin: registrationAdmin,
  // A limit raised on publishing the event facts offers the places it frees (issue 32).
  follows: [placesFollower],
  personalData: [
    {
      table: 'registrations',
      auditEntity: 'registration',
      emailColumn: 'email',
      // Its arrival at the campsite (features/check-in) and its history of changes (issue 32):
      // found, exported and deleted with it.
      related: [
        { table: 'check_ins', column: 'registration_id' },
        { table: 'registration_changes', column: 'registration_id' },
      ],
      erase: { kind: 'delete' },
      // The places its rows held go down the waiting list, however they are erased (issue 42).
      onErase: placesOnErase,
      // Counted from the end of the edition registered for, as last published (a postponed
      // event moves it); rows from before editions keep the end stored when they were sent.
      // Rows for no edition (sent after it had ended) count from a year after they were sent
      // (no event runs longer in advance).
      retention: {
        period: (r) => ({ days: r.registrationsDays }),
        from: sql<Date | null>`coalesce(${editionEnd('registrations')}, registrations.event_ends_at)`,
        fallback: { column: 'created_at', plus: { years: 1 } },
      },
    },
  ],
  selfService: [registrationSelfService],
};
