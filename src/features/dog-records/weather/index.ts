export { lookupWeather } from './weather.service.js';
export { fillMissingWeatherJob, toSave, MAX_WEATHER_ATTEMPTS, type WeatherConsumer, type WeatherSave, type WeatherTarget } from './weather.jobs.js';
export { WeatherSummary, gridKey, type Place, type WeatherOutcome } from './weather.types.js';
export { walkWeatherRoutes } from './walk-weather.routes.js';
export { weatherAlertsJob, runWeatherAlerts } from './walk-weather.job.js';
