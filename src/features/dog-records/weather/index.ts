import type { AreaManifest } from '#core/area.js';
import { weatherAlertsJob } from './walk-weather.job.js';
import { walkWeatherRoutes } from './walk-weather.routes.js';
export { lookupWeather } from './weather.service.js';
export { fillMissingWeatherJob, toSave, MAX_WEATHER_ATTEMPTS, type WeatherConsumer, type WeatherSave, type WeatherTarget } from './weather.jobs.js';
export { WeatherSummary, gridKey, type Place, type WeatherOutcome } from './weather.types.js';
export { walkWeatherRoutes } from './walk-weather.routes.js';
export { weatherAlertsJob, runWeatherAlerts } from './walk-weather.job.js';

/** The area's manifest (src/areas.ts lists it; its `weather.fill-missing` job is in the diary's, which feeds it). */
export const weatherArea: AreaManifest = {
  name: 'weather',
  routes: walkWeatherRoutes,
  jobs: [weatherAlertsJob], // every 15 min: the DWD's warnings, one request per warn cell with a home area; pushed once per warning and user
};
