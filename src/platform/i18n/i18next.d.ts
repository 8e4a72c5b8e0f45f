import 'i18next';

// i18next 27 turns on strictInterpolationChecks by default. Our packs are loaded at run time,
// not declared as types, so there are no variables for it to check: it only refused passing
// on an optional options object (`t(key, options?)`, our Translate wrappers). The v26 types.
declare module 'i18next' {
  interface CustomTypeOptions {
    strictInterpolationChecks: false;
  }
}
