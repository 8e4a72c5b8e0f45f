import type { Photo } from '~/platform/media/photos';

/** One year on the page, as the organisers wrote it (texts in the page's language). */
export interface HistoryYear {
  year: string;
  edition: string;
  title: string;
  description: string;
  date: string;
  location: string;
  price: string;
  organizers: string;
  features: string[];
  mapLink: string;
  photos: Array<{ image: string; caption: string }>;
}

/** A year's photos that exist, each with its description (or a numbered one). */
export interface YearPhoto extends Photo {
  alt: string;
}
