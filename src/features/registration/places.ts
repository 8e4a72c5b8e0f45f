/** What the registration page says about places (GET PLACES_ENDPOINTS.left). */
export interface PlacesLeft {
  /** Places left under each limit; null: no limit set. */
  pitches: number | null;
  people: number | null;
  /** Registrations on the waiting list. */
  waiting: number;
  /** A new registration would join the waiting list (a limit reached, or people waiting). */
  full: boolean;
}
