import type { ExportSection } from '#core/export/index.js';
import { idBatches } from '#core/id-batches.js';
import { messagesOfUser } from './messages.repo.js';

const PAGE = 1000;

/**
 * `daten/nachrichten.json`: every message the user wrote or received. Of the other person only what they sent to
 * this user and their name (decisions: nothing of any other user beyond that; no email).
 */
export const messagesExport: ExportSection = async (ctx, actor, out) => {
  const items: { id: number; direction: 'gesendet' | 'empfangen'; with: string; text: string; created_at: string; read_at: string | null }[] = [];
  for await (const rows of idBatches((after, size) => messagesOfUser(ctx.db, actor.id, after, size), PAGE)) {
    for (const m of rows) {
      items.push({
        id: m.id,
        direction: m.sender_id === actor.id ? 'gesendet' : 'empfangen',
        with: m.other_name,
        text: m.text,
        created_at: m.created_at,
        read_at: m.read_at,
      });
    }
  }
  if (items.length) out.json('daten', 'nachrichten.json', items);
};
