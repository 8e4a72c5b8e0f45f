/**
 * The lakes venue in South Wales (2024, 2025 and the 2026 jubilee). The maps link opens in
 * a new tab; organisers can point it at the exact address here (one place).
 */
export const VENUE = {
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=lakes%20campsite%20South%20Wales',
} as const;
