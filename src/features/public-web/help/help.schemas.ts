import { z } from 'zod';
import { pageSchema } from '#core/http/route/pagination.js';
import { flag, flagInput, LIMITS, requiredText } from '#core/http/route/schema-kit.js';
import { HELP_CATEGORY_KEYS } from './help.categories.js';

// Over 100 characters is 422 like every category field; a known length but unknown key is 400.
const Category = z
  .string()
  .max(LIMITS.slug)
  .pipe(z.enum(HELP_CATEGORY_KEYS))
  .meta({ description: `Eine von: ${HELP_CATEGORY_KEYS.join(', ')}` });
const Title = requiredText(LIMITS.title);
const Body = requiredText(LIMITS.body);
const Position = z.number().int().min(0).max(100000);

export const CreateHelpArticleBody = z
  .strictObject({ category: Category, title: Title, body: Body, active: flagInput, position: Position.optional() })
  .meta({ id: 'CreateHelpArticleBody' });
export type CreateHelpArticleBody = z.infer<typeof CreateHelpArticleBody>;

export const UpdateHelpArticleBody = z
  .strictObject({ category: Category.optional(), title: Title.optional(), body: Body.optional(), active: flagInput.optional(), position: Position.optional() })
  .meta({ id: 'UpdateHelpArticleBody' });
export type UpdateHelpArticleBody = z.infer<typeof UpdateHelpArticleBody>;

export const OrderHelpArticlesBody = z
  .strictObject({
    category: Category,
    ids: z.array(z.number().int().min(1)).min(1).max(500).meta({ description: 'Alle Artikel der Kategorie in der neuen Reihenfolge' }),
  })
  .meta({ id: 'OrderHelpArticlesBody' });
export type OrderHelpArticlesBody = z.infer<typeof OrderHelpArticlesBody>;

export const HelpArticle = z
  .object({
    id: z.number().int(),
    category: z.string(),
    category_label: z.string(),
    title: z.string(),
    body: z.string(),
    active: flag,
    position: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'HelpArticle' });
export type HelpArticle = z.infer<typeof HelpArticle>;

export const HelpArticleList = pageSchema(HelpArticle).meta({ id: 'HelpArticleList' });

/** GET /api/help: active articles by category, in the fixed category order; empty categories are left out. */
export const PublicHelp = z
  .object({
    categories: z.array(
      z.object({
        key: z.enum(HELP_CATEGORY_KEYS),
        label: z.string(),
        articles: z.array(
          z.object({ id: z.number().int(), title: z.string(), body: z.string().meta({ description: 'Klartext; Leerzeilen trennen Absätze' }) }),
        ),
      }),
    ),
  })
  .meta({ id: 'PublicHelp' });
export type PublicHelp = z.infer<typeof PublicHelp>;
