/** Where "send me my links" sits on /mano-duomenys (the privacy notice links to it; a post without scripts comes back to it). */
export const MY_LINKS_ANCHOR = 'mano-nuorodos';
