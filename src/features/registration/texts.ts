import registrationTextsInitial from '@content/initial/page.registration.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of registration, registrationSuccess (content the organisers edit). */
export const registrationTexts = definePageTexts('page.registration', registrationTextsInitial, [
  PATHS.registration,
  PATHS.registrationSuccess,
]);
