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
