import { dateInZone } from '#core/clock.js';
import type { AppContext, Job } from '#core/context.js';
import { lookupWeather } from './weather.service.js';
import type { WeatherOutcome, WeatherSummary } from './weather.types.js';

/** After this many failed tries (hourly: two days) a record is marked 'unavailable' and left alone. */
export const MAX_WEATHER_ATTEMPTS = 48;
/** A dead upstream should not cost 5 s per record: the run stops after this many failures in a row. */
const FAILURES_BEFORE_PAUSE = 3;
const BATCH = 200;

/** Something that waits for weather: a photo, later perhaps a walk. */
export interface WeatherTarget {
  id: number;
  lat: number;
  lon: number;
  day: string;
  attempts: number;
}

export type WeatherSave = { status: 'ok'; weather: WeatherSummary } | { status: 'unavailable' } | { status: 'pending'; attempts: number };

/** An area whose records carry weather plugs in here; jobs.ts passes the consumers to the job. */
export interface WeatherConsumer {
  /** Records still waiting, oldest first, whose day is before `today`. */
  pending(ctx: AppContext, today: string, limit: number): Promise<WeatherTarget[]>;
  save(ctx: AppContext, id: number, result: WeatherSave): Promise<void>;
}

/** How a lookup's outcome is stored for a record that already had `attempts` tries. */
export function toSave(outcome: WeatherOutcome, attempts: number): WeatherSave {
  if (outcome.status !== 'retry') return outcome;
  const next = attempts + (outcome.upstreamFailed ? 1 : 0);
  return next >= MAX_WEATHER_ATTEMPTS ? { status: 'unavailable' } : { status: 'pending', attempts: next };
}

async function fillFor(ctx: AppContext, consumer: WeatherConsumer, today: string): Promise<number> {
  const targets = await consumer.pending(ctx, today, BATCH);
  let filled = 0;
  let failuresInARow = 0;
  for (const target of targets) {
    const outcome = await lookupWeather(ctx, target);
    await consumer.save(ctx, target.id, toSave(outcome, target.attempts));
    if (outcome.status === 'ok') filled++;
    failuresInARow = outcome.status === 'retry' && outcome.upstreamFailed ? failuresInARow + 1 : 0;
    if (failuresInARow >= FAILURES_BEFORE_PAUSE) {
      ctx.log.warn({ job: 'weather.fill-missing', failuresInARow }, 'weather upstream keeps failing; trying again next run');
      break;
    }
  }
  return filled;
}

/** Hourly: fetches the weather that uploads could not get (upstream down, day not over yet). Returns how many got it. */
export function fillMissingWeatherJob(consumers: WeatherConsumer[]): Job {
  return {
    name: 'weather.fill-missing',
    schedule: '17 * * * *',
    async run(ctx) {
      const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
      let filled = 0;
      for (const consumer of consumers) filled += await fillFor(ctx, consumer, today);
      return filled;
    },
  };
}
