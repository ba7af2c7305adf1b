import { z } from 'zod';
import { PageQuery } from '#core/http/route/pagination.js';
import { Id, LIMITS, requiredText } from '#core/http/route/schema-kit.js';
import { NoteAnalysis } from '../ai/index.js';

/** Decisions, Notes and AI: the eight things a note can be attached to. */
export const PARENT_TYPES = ['dog', 'diary_entry', 'vet_visit', 'heat_cycle', 'care_routine', 'expense', 'training_session', 'walk'] as const;
export type ParentType = (typeof PARENT_TYPES)[number];

/** meta_json: a small free-form object for the client (e.g. which chip was tapped); its JSON at most 4,000 characters. */
export const META_JSON_MAX = 4_000;
const MetaJson = z.record(z.string().max(100), z.unknown()).nullable().optional().meta({ description: 'Freies JSON-Objekt, höchstens 4.000 Zeichen' });

const Rubrik = requiredText(100).meta({ description: 'Rubrik, z. B. „Verhalten“ oder „Gesundheit“' });
const Text = requiredText(LIMITS.note).meta({ description: 'Der Notiztext (höchstens 5.000 Zeichen)' });

export const CreateNoteBody = z
  .strictObject({ parent_type: z.enum(PARENT_TYPES), parent_id: Id, rubrik: Rubrik, text: Text, meta_json: MetaJson })
  .meta({ id: 'CreateNoteBody' });
export const UpdateNoteBody = z.strictObject({ rubrik: Rubrik.optional(), text: Text.optional(), meta_json: MetaJson }).meta({ id: 'UpdateNoteBody' });
export const NotesQuery = PageQuery.extend({ parent_type: z.enum(PARENT_TYPES), parent_id: Id });
export type NotesQuery = z.infer<typeof NotesQuery>;

export const Note = z
  .object({
    id: z.number().int(),
    parent_type: z.enum(PARENT_TYPES),
    parent_id: z.number().int(),
    rubrik: z.string(),
    text: z.string(),
    meta_json: z.record(z.string(), z.unknown()).nullable(),
    analysis: NoteAnalysis.nullable().meta({ description: 'Die letzte KI-Analyse; null ohne (oder nach einer Textänderung)' }),
    analysed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof Note>;
