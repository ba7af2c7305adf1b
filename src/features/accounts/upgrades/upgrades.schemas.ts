import { z } from 'zod';
import { PageQuery } from '#core/http/route/pagination.js';

/** decisions.md: free (default), pro, breeder, breeder_test; is_premium is 1 exactly for pro and breeder. */
export const TIERS = ['free', 'pro', 'breeder', 'breeder_test'] as const;
export const isPremiumTier = (tier: string): boolean => tier === 'pro' || tier === 'breeder';

export const UPGRADE_STATUSES = ['open', 'fulfilled', 'rejected', 'withdrawn'] as const;

export const CreateUpgradeRequestBody = z
  .strictObject({
    tier: z.enum(['pro', 'breeder']).meta({ description: 'Gewünschter Tarif' }),
    message: z.string().trim().max(2000).optional(),
  })
  .meta({ id: 'CreateUpgradeRequestBody' });
export type CreateUpgradeRequestBody = z.infer<typeof CreateUpgradeRequestBody>;

export const FulfilUpgradeBody = z
  .strictObject({ tier: z.enum(['pro', 'breeder', 'breeder_test']).meta({ description: 'Tarif, der gesetzt wird (setzt auch is_premium)' }) })
  .meta({ id: 'FulfilUpgradeBody' });

export const RejectUpgradeBody = z.strictObject({ reason: z.string().trim().max(2000).optional() }).meta({ id: 'RejectUpgradeBody' });

export const UpgradeRequest = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    tier: z.string(),
    message: z.string().nullable(),
    status: z.enum(UPGRADE_STATUSES),
    granted_tier: z.string().nullable(),
    reason: z.string().nullable(),
    decided_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'UpgradeRequest' });
export type UpgradeRequest = z.infer<typeof UpgradeRequest>;

export const AdminUpgradeRequest = UpgradeRequest.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), subscription_tier: z.string() }),
}).meta({ id: 'AdminUpgradeRequest' });
export type AdminUpgradeRequest = z.infer<typeof AdminUpgradeRequest>;

export const AdminUpgradeListQuery = PageQuery.extend({ status: z.enum(UPGRADE_STATUSES).optional() });
export type AdminUpgradeListQuery = z.infer<typeof AdminUpgradeListQuery>;

export const OpenCount = z.object({ open: z.number().int() }).meta({ id: 'UpgradeRequestsOpenCount' });
