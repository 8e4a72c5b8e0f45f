import contactsTextsInitial from '@content/initial/page.contacts.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of contacts (content the organisers edit). */
export const contactsTexts = definePageTexts('page.contacts', contactsTextsInitial, [PATHS.contacts]);
