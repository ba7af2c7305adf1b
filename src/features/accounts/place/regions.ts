/** The regions live in src/shared (the profile screen lists them too). */
export { COUNTRIES, COUNTRY_NAMES, currencyOf, isCountry, REGION_NAMES, regionInCountry, type Country } from '../../../shared/regions.js';
