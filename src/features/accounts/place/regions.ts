/** The regions live in src/shared (the profile screen lists them too). */
export { COUNTRIES, COUNTRY_NAMES, currencyOf, isCountry, REGION_NAMES, regionInCountry } from '#shared/regions.js';
