import type { AdminActionName, AdminAuditQuery, AdminTargetType, AuditLog } from 'contracts';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, adminActions } from '../../db/schema';
import { pageOf, paged } from '../../lib/paging';

export interface AdminAction {
  adminId: number;
  action: string;
  targetType: AdminTargetType;
  targetId: number;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** Writes the audit log's line for an administrator's action, in the action's own transaction. */
export async function recordAdminAction(tx: Database, action: AdminAction): Promise<void> {
  await tx.insert(adminActions).values({
    adminId: action.adminId,
    action: action.action,
    targetType: action.targetType,
    targetId: action.targetId,
    reason: action.reason ?? null,
    details: action.details ?? {},
  });
}

function filtersOf(query: AdminAuditQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.action) where.push(eq(adminActions.action, query.action));
  if (query.adminId) where.push(eq(adminActions.adminId, query.adminId));
  if (query.targetType) where.push(eq(adminActions.targetType, query.targetType));
  if (query.targetId) where.push(eq(adminActions.targetId, query.targetId));
  if (query.from) where.push(gte(adminActions.createdAt, query.from));
  if (query.to) where.push(lt(adminActions.createdAt, query.to));
  return where.length > 0 ? and(...where) : undefined;
}

export function createAuditLog(db: Database) {
  return {
    /** What administrators did, newest first. */
    async list(query: AdminAuditQuery): Promise<AuditLog> {
      const page = pageOf(query);
      const where = filtersOf(query);
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: adminActions, email: accounts.email, login: accounts.login })
          .from(adminActions)
          .leftJoin(accounts, eq(accounts.id, adminActions.adminId))
          .where(where)
          .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
          .limit(page.perPage)
          .offset(page.offset),
        db.select({ n: count() }).from(adminActions).where(where),
      ]);
      const items = rows.map(({ entry, email, login }) => ({
        id: entry.id,
        admin: entry.adminId !== null && email !== null ? { id: entry.adminId, login, email } : null,
        action: entry.action as AdminActionName,
        targetType: entry.targetType,
        targetId: entry.targetId,
        reason: entry.reason,
        details: entry.details,
        createdAt: entry.createdAt.toISOString(),
      }));
      return paged(items, total?.n ?? 0, page);
    },
  };
}
