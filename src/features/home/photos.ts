import hero from '/content/photos/hero.webp?w=640;1280;1920&format=webp&quality=70&as=img';

/** The hero background (content/photos/hero.webp). */
export const HERO_IMAGE = hero;
