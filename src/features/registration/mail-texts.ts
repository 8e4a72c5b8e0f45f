import registrationMailsInitial from '@content/initial/mail.registration.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';

/**
 * The e-mails' texts the organisers edit (issue 32): the confirmation a participant gets when
 * the organisers confirm their registration. Event facts as {{placeholders}}, and {{firstName}}.
 * No page shows them (an e-mail), so publishing renders no page again.
 */
export const registrationMailTexts = definePageTexts('mail.registration', registrationMailsInitial, []);
