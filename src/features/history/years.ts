import { VENUE } from '~/platform/event/venue';

/**
 * The editions shown on /istorija, newest first. Texts (title, description, date, place,
 * price, organisers, feature tags) are in the `history` pack under `years.<year>`; photos
 * come from content/photos/<year>/.
 */
export interface EventYear {
  year: string;
  mapLink: string;
}

export const EVENT_YEARS: readonly EventYear[] = [
  { year: '2025', mapLink: VENUE.mapUrl },
  { year: '2024', mapLink: VENUE.mapUrl },
  {
    year: '2023',
    mapLink: 'https://www.google.com/maps/search/?api=1&query=Gower%20Peninsula%20farm%20campsite',
  },
  {
    year: '2022',
    mapLink: 'https://www.google.com/maps/search/?api=1&query=Brecon%20Beacons%20campsite',
  },
];
