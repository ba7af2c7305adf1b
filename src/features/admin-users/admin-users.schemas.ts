import { z } from 'zod';
import { USER_STATUSES } from './admin-user-view.js';

const flagInput = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v): 0 | 1 => (v ? 1 : 0));

export const UserSearchQuery = z.object({
  q: z.string().trim().min(1).max(200).meta({ description: 'Suchbegriff im Namen (Admins: auch in der E-Mail-Adresse)' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});

export const UpdateUserAdminBody = z
  .strictObject({
    status: z.enum(USER_STATUSES).optional().meta({ description: 'suspended/banned beendet sofort alle Sitzungen' }),
    is_partner: flagInput.optional().meta({ description: 'Nur Admins' }),
  })
  .meta({ id: 'UpdateUserAdminBody' });
export type UpdateUserAdminBody = z.infer<typeof UpdateUserAdminBody>;

export const AdminUserIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
