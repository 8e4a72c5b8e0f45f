import initial from '@content/initial/page.home.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The home page's texts (content the organisers edit). */
export const homeTexts = definePageTexts('page.home', initial, [PATHS.home]);
