import organizersTextsInitial from '@content/initial/page.organizers.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of organizers (content the organisers edit). */
export const organizersTexts = definePageTexts('page.organizers', organizersTextsInitial, [PATHS.organizers]);
