/** What the registration page says about places (GET PLACES_ENDPOINTS.left). */
export interface PlacesLeft {
  /** Places left under each limit; null: no limit set. */
  pitches: number | null;
  people: number | null;
  /** Registrations on the waiting list. */
  waiting: number;
  /** Every new registration would join the waiting list (the places on site are taken, or others wait for them). */
  full: boolean;
  /** A registration camping in a tent would join the waiting list (no pitch left, or tent campers waiting). */
  pitchesFull: boolean;
  /** Any registration would join the waiting list (no place on site left, or others waiting for one). */
  peopleFull: boolean;
}

/** What an offer's link opens (the offer page, drawn by the server for its token). */
export interface OfferView {
  state: 'open' | 'accepted' | 'lapsed' | 'ended' | 'unknown';
  /** The weekend it is for (instants, as its edition was last published). */
  weekend: { start: string; end: string } | null;
  /** Until when it can be accepted ('open'). */
  deadline: string | null;
}
