import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column named with its table. Drizzle leaves the columns of a one-table select bare, so in a
 * correlated subquery the outer column would silently resolve to the inner table's.
 */
export const qualified = (column: AnyColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
