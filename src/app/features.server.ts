import { adminFeature } from '~/features/admin/admin.server';
import { calendarFeature } from '~/features/calendar/calendar.server';
import { checkInFeature } from '~/features/check-in/check-in.server';
import { contactFeature } from '~/features/contact/contact.server';
import { historyTexts } from '~/features/history/texts';
import { CONTENT_TYPES } from './content-types';
import { membershipsFeature } from '~/features/memberships/memberships.server';
import { nextYearFeature } from '~/features/content-admin/next-year/next-year.server';
import { participantMessagesFeature } from '~/features/participant-messages/participant-messages.server';
import { participantGroups } from '~/features/registration/counts.server';
import { registrationFeature } from '~/features/registration/registration.server';
import { rotaFeature } from '~/features/rota/rota.server';
import { shopFeature } from '~/features/shop/shop.server';
import { sponsorsFeature } from '~/features/sponsors/sponsors.server';
import { editionsFollower } from '~/platform/event/editions.server';
import type { ContentFollower } from '~/platform/content/follower.server';
import type { ServerFeature } from '~/platform/feature.server';

/**
 * Every feature the server runs, the one list of them (the page-only features have no
 * server part; their pages are in the route table, src/routes.ts). Order is the admin
 * dashboard's order of sections.
 */
export const SERVER_FEATURES: readonly ServerFeature[] = [
  shopFeature,
  contactFeature,
  membershipsFeature,
  registrationFeature,
  rotaFeature,
  checkInFeature,
  // Messages go to the registrations' groups, as the registration feature counts them (issue 43).
  participantMessagesFeature(participantGroups),
  sponsorsFeature,
  adminFeature,
  calendarFeature,
  // The history page is a feature's content; next year's history year is written into it.
  // Texts that still name the old edition are listed in the editor's order of types.
  nextYearFeature(historyTexts, CONTENT_TYPES),
];

/** Tables that follow published content: the platform's editions, then the features' own. */
export function contentFollowers(features: readonly ServerFeature[]): ContentFollower[] {
  return [editionsFollower, ...features.flatMap((feature) => feature.follows ?? [])];
}
