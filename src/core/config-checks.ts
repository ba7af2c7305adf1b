import { tileUrlProblem } from '#shared/map-tiles.js';
import type { Env } from './config.js';

/**
 * What the schema alone cannot refuse, checked at start: the settings production must have (secrets, PUBLIC_URL,
 * SMTP, rate limits on, no plain-http pushes), the map's tile address and the S3 store's credentials. One line per
 * problem, so the start names all of them at once; none means the configuration may start.
 */
export function configProblems(e: Env, env: NodeJS.ProcessEnv): string[] {
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !e.JWT_SECRET) problems.push('  JWT_SECRET fehlt: in Produktion ist es Pflicht (mindestens 32 Zeichen).');
  if (production && (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY))
    problems.push('  VAPID_PUBLIC_KEY und VAPID_PRIVATE_KEY fehlen: in Produktion sind sie Pflicht.');
  if (production && e.ARGON2_MEMORY_KIB < 19456) problems.push('  ARGON2_MEMORY_KIB muss in Produktion mindestens 19456 sein.');
  if (production && !e.RATE_LIMITS_ENABLED) problems.push('  RATE_LIMITS_ENABLED=false ist in Produktion nicht erlaubt.');
  // Without them, verification links would point at localhost and be written to the log instead of mailed.
  if (production && !env.PUBLIC_URL) problems.push('  PUBLIC_URL fehlt: in Produktion ist es Pflicht (z. B. https://pfotenbuch.example).');
  if (production && e.PUSH_ALLOW_HTTP) problems.push('  PUSH_ALLOW_HTTP=1 ist in Produktion nicht erlaubt.');
  if (production && !e.SMTP_URL) problems.push('  SMTP_URL fehlt: in Produktion ist es Pflicht, sonst gehen keine Mails raus.');
  const tileProblem = tileUrlProblem(e.MAP_TILE_URL, production);
  if (tileProblem) problems.push(`  ${tileProblem}`);
  if (e.MEDIA_STORAGE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
      if (!e[name]) problems.push(`  ${name} fehlt: mit MEDIA_STORAGE=s3 ist es Pflicht.`);
  }
  return problems;
}
