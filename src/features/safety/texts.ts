import safetyTextsInitial from '@content/initial/page.safety.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of safety (content the organisers edit). */
export const safetyTexts = definePageTexts('page.safety', safetyTextsInitial, [PATHS.safety]);
