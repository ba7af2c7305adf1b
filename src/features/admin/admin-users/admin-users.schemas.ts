import { z } from 'zod';
import { PageQuery } from '#core/http/route/pagination.js';
import { flagInput, LIMITS, requiredText } from '#core/http/route/schema-kit.js';
import { USER_STATUSES } from './admin-user-view.js';

export const UserSearchQuery = PageQuery.extend({
  q: requiredText(LIMITS.title).meta({ description: 'Suchbegriff im Namen (Admins: auch in der E-Mail-Adresse)' }),
});
export type UserSearchQuery = z.infer<typeof UserSearchQuery>;

export const UpdateUserAdminBody = z
  .strictObject({
    status: z.enum(USER_STATUSES).optional().meta({ description: 'suspended/banned beendet sofort alle Sitzungen' }),
    is_partner: flagInput.optional().meta({ description: 'Nur Admins' }),
  })
  .meta({ id: 'UpdateUserAdminBody' });
export type UpdateUserAdminBody = z.infer<typeof UpdateUserAdminBody>;
