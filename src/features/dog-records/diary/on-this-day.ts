/** "On this day": entries of the same calendar day in earlier years. */

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * LIKE patterns for dates (YYYY-MM-DD) on the same month and day as `today`. On 28 February of a common year
 * the 29 February memories come along, so they are not skipped for three years.
 */
export function sameDayPatterns(today: string): string[] {
  const monthDay = today.slice(5);
  const patterns = [`%-${monthDay}`];
  if (monthDay === '02-28' && !isLeapYear(Number(today.slice(0, 4)))) patterns.push('%-02-29');
  return patterns;
}

/** Whole years between an earlier date and today (the same calendar day, so a plain difference of years). */
export function yearsAgo(date: string, today: string): number {
  return Number(today.slice(0, 4)) - Number(date.slice(0, 4));
}
