import { z } from 'zod';
import { pageSchema } from '../../core/http/pagination.js';
import { HELP_CATEGORY_KEYS } from './help.categories.js';

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => (v ? 1 : 0));
// Over 100 characters is 422 like every category field; a known length but unknown key is 400.
const Category = z.string().max(100).pipe(z.enum(HELP_CATEGORY_KEYS)).meta({ description: `Eine von: ${HELP_CATEGORY_KEYS.join(', ')}` });
const Title = z.string().trim().min(1).max(200);
const Body = z.string().trim().min(1).max(10000);
const Position = z.number().int().min(0).max(100000);

export const CreateHelpArticleBody = z
  .strictObject({ category: Category, title: Title, body: Body, active: flag, position: Position.optional() })
  .meta({ id: 'CreateHelpArticleBody' });
export type CreateHelpArticleBody = z.infer<typeof CreateHelpArticleBody>;

export const UpdateHelpArticleBody = z
  .strictObject({ category: Category.optional(), title: Title.optional(), body: Body.optional(), active: flag.optional(), position: Position.optional() })
  .meta({ id: 'UpdateHelpArticleBody' });
export type UpdateHelpArticleBody = z.infer<typeof UpdateHelpArticleBody>;

export const HelpArticleParams = z.object({ id: z.coerce.number().int().positive() });

export const HelpArticle = z
  .object({
    id: z.number().int(),
    category: z.string(),
    category_label: z.string(),
    title: z.string(),
    body: z.string(),
    active: z.union([z.literal(0), z.literal(1)]),
    position: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'HelpArticle' });
export type HelpArticle = z.infer<typeof HelpArticle>;

export const HelpArticleList = pageSchema(HelpArticle).meta({ id: 'HelpArticleList' });
export const HelpCursor = z.strictObject({ id: z.number().int().positive() });

/** GET /api/help: active articles by category, in the fixed category order; empty categories are left out. */
export const PublicHelp = z
  .object({
    categories: z.array(
      z.object({
        key: z.enum(HELP_CATEGORY_KEYS),
        label: z.string(),
        articles: z.array(z.object({ id: z.number().int(), title: z.string(), body: z.string().meta({ description: 'Klartext; Leerzeilen trennen Absätze' }) })),
      }),
    ),
  })
  .meta({ id: 'PublicHelp' });
export type PublicHelp = z.infer<typeof PublicHelp>;
