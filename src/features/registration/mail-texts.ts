import registrationMailsInitial from '@content/initial/mail.registration.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';

/**
 * The e-mails' texts the organisers edit (issue 32): the confirmation a participant gets when
 * the organisers confirm their registration; the ones confirming a change or a cancellation
 * they made from their private link; the waiting list's notice ({{position}}) and the offer of
 * a freed place ({{deadline}}). Event facts as {{placeholders}}, and {{firstName}}. No page
 * shows them (an e-mail), so publishing renders no page again.
 */
export const registrationMailTexts = definePageTexts(
  'mail.registration',
  registrationMailsInitial,
  [],
  {},
  [],
  {
    // Shape 2: the change, cancellation, waiting-list and offer e-mails, in this release's
    // words; what the organisers wrote for the confirmation stays.
    1: (document) => ({
      changed: registrationMailsInitial.changed,
      cancelled: registrationMailsInitial.cancelled,
      waiting: registrationMailsInitial.waiting,
      offer: registrationMailsInitial.offer,
      ...(document as object),
    }),
  },
);
