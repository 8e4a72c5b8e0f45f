import registrationMailsInitial from '@content/initial/mail.registration.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';

/**
 * The e-mails' texts the organisers edit (issue 32): the confirmation a participant gets when
 * the organisers confirm their registration; the waiting list's notice ({{position}}) and the
 * offer of a freed place ({{deadline}}). Event facts as {{placeholders}}, and {{firstName}}.
 * No page shows them (an e-mail), so publishing renders no page again.
 */
export const registrationMailTexts = definePageTexts(
  'mail.registration',
  registrationMailsInitial,
  [],
  {},
  [],
  {
    // Shape 2: the waiting list's e-mails, in this release's words.
    1: (texts) => ({
      ...(texts as object),
      waiting: registrationMailsInitial.waiting,
      offer: registrationMailsInitial.offer,
    }),
  },
);
