import type { AuditEntry } from '@esim/contracts/staff';
import { auditLog, type Db, users } from '@esim/db';
import { and, desc, eq } from 'drizzle-orm';

export type AuditedEntity =
  | 'customer'
  | 'shop'
  | 'staff'
  | 'application'
  | 'order'
  | 'gift_card'
  | 'ad_sync'
  | 'setting'
  | 'esim'
  | 'seo_page'
  | 'blog_post'
  | 'push_notification'
  | 'coupon'
  | 'campaign'
  | 'package';

export type AuditChange = {
  staffUserId: string;
  /** `<entity>.<verb>`, e.g. `customer.block`. */
  action: string;
  entityType: AuditedEntity;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Writes one audit row; call it with the transaction that makes the change, so both land or neither does. */
export const recordChange = (tx: Db, change: AuditChange) => tx.insert(auditLog).values(change);

/** A record's history, newest first, with who made each change. */
export const listHistory = async (
  db: Db,
  entityType: AuditedEntity,
  entityId: string,
  limit = 50,
): Promise<AuditEntry[]> => {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.staffUserId))
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    staffName: `${row.firstName} ${row.lastName}`.trim(),
    staffEmail: row.email,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
};
