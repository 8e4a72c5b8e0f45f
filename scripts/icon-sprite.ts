// Writes src/platform/ui/icons/sprite.svg from the icons src/platform/ui/icons/icons.tsx names:
// `npm run icons` after adding one (the icons test fails until you do).
import { writeFileSync } from 'node:fs';
import { buildSprite, iconNames, SPRITE_FILE } from '~/platform/ui/icons/sprite.server';

const names = iconNames();
const sprite = buildSprite(names);
writeFileSync(SPRITE_FILE, sprite);
console.log(`${SPRITE_FILE.pathname}: ${names.length} icons, ${(sprite.length / 1024).toFixed(1)} KB`);
