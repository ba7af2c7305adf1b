import type { QueuedWrite } from './offline-queue.js';

/** The write as plain text for the clipboard: what the user typed, so a failed write is never lost. */
export function writeAsText(write: QueuedWrite): string {
  const body = (write.body && typeof write.body === 'object' ? write.body : {}) as Record<string, unknown>;
  // The label says it all for weights, ticks, training and walks; a diary entry adds its own words.
  const lines = [write.label];
  for (const field of ['title', 'text']) if (typeof body[field] === 'string' && body[field]) lines.push(body[field]);
  if (Array.isArray(body.tags) && body.tags.length) lines.push(`Schlagwörter: ${body.tags.join(', ')}`);
  if (write.photos.length) lines.push(`Fotos: ${write.photos.map((p) => p.name).join(', ')}`);
  return lines.join('\n');
}
