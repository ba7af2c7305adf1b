/** The walk-weather card the welcome dashboard shows (the DWD's warnings for the home area). */
export { WalkWeatherCard } from './walk-weather-card.js';
