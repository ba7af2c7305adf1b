import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { findDog } from '../dogs/index.js';
import { askAi, describeDog, NOTE_ANALYSIS_JSON_SCHEMA, NoteAnalysis } from '../ai/index.js';
import type { Note } from './notes.schemas.js';
import { ownNote, storeAnalysis } from './notes.service.js';

const SYSTEM =
  'Du hilfst Hundehalterinnen und Hundehaltern, ihre eigenen Notizen zu verstehen. Fasse die Notiz auf Deutsch (Du-Form, ' +
  'freundlich, kurz) zusammen, nenne Beobachtungen und konkrete nächste Schritte. Du stellst keine Diagnosen; wenn etwas ' +
  'nach einem gesundheitlichen Problem klingt, setze see_vet auf true. Antworte nur mit JSON.';

const PARENT_DE: Record<Note['parent_type'], string> = {
  dog: 'Hund allgemein',
  diary_entry: 'Tagebucheintrag',
  vet_visit: 'Tierarztbesuch',
  heat_cycle: 'Läufigkeit',
  care_routine: 'Pflege',
  expense: 'Ausgabe',
  training_session: 'Training',
  walk: 'Spaziergang',
};

/**
 * POST /api/notes/{id}/analysis: the AI reads the note (rubrik, text, what it is attached to and the dog's breed,
 * age, sex and weight; no names, no email, no place) and the validated answer is stored on the note.
 */
export async function analyseNote(ctx: AppContext, actor: Actor, id: number): Promise<Note> {
  const note = await ownNote(ctx, actor, id);
  const dog = note.dog_id !== null ? await findDog(ctx.db, note.dog_id) : undefined;
  const user = [
    dog ? `Hund: ${describeDog(dog, dateInZone(ctx.clock.now(), ctx.config.timeZone))}.` : null,
    `Bezug: ${PARENT_DE[note.parent_type as Note['parent_type']] ?? 'Notiz'}. Rubrik: ${note.rubrik}.`,
    'Notiz:',
    note.text,
  ]
    .filter((line) => line !== null)
    .join('\n');
  const analysis = await askAi(ctx, actor, 'note_analysis', {
    name: 'note_analysis',
    system: SYSTEM,
    user,
    jsonSchema: NOTE_ANALYSIS_JSON_SCHEMA,
    schema: NoteAnalysis,
    maxTokens: 1200,
  });
  return storeAnalysis(ctx, note.id, analysis);
}
