import { addPacks } from './i18n';
import type { Pack } from './translator';

// The admin area's language packs, added by its route modules before they load them (an
// import runs before the module's own code), so the list of packs every public page
// downloads does not name them.
addPacks(
  import.meta.glob<Pack>('./locales/*/{admin,content,nextYear,checkIn,participantMessages}.json', {
    import: 'default',
  }),
);
