import faqTextsInitial from '@content/initial/page.faq.json' with { type: 'json' };
import { definePageTexts } from '~/platform/content/page-texts';
import { PATHS } from '~/platform/paths';

/** The texts of faq (content the organisers edit). */
export const faqTexts = definePageTexts('page.faq', faqTextsInitial, [PATHS.faq]);
