import type { OrderType } from '@anxin/shared/orders/order-status';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { memberOrderStats } from './member-order-stats.ts';
import {
  type NewOrderLineRow,
  type NewOrderRow,
  type OrderLineRow,
  type OrderRow,
  orderLines,
  orders,
} from './orders.schema.ts';

/**
 * Orders the member sees: not deleted, not a split container. `is_split = false` is written as a literal, not
 * a parameter, so a prepared statement's generic plan can still prove the partial indexes' predicate.
 */
const visibleTo = (memberId: number | Placeholder) =>
  and(eq(orders.memberId, memberId), isNull(orders.deletedAt), sql`${orders.isSplit} = false`);

export type OrderListFilter = {
  memberId: number;
  types?: OrderType[];
  beginDate?: Date;
  endDate?: Date;
  productName?: string;
};

function listWhere(filter: OrderListFilter) {
  const conditions = [visibleTo(filter.memberId)];
  if (filter.types?.length) {
    conditions.push(
      filter.types.length === 1 ? eq(orders.orderType, filter.types[0]!) : inArray(orders.orderType, filter.types),
    );
  }
  if (filter.beginDate) conditions.push(gte(orders.creationDate, filter.beginDate));
  if (filter.endDate) conditions.push(lt(orders.creationDate, filter.endDate));
  if (filter.productName) {
    const pattern = `%${filter.productName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.productName} ilike ${pattern} and ${orderLines.mark} <> 7)`,
    );
  }
  return and(...conditions);
}

/** An order line as json_build_object arguments: the JSON keys are OrderLineRow's property names. */
const LINE_JSON_FIELDS = sql.join(
  Object.entries(getTableColumns(orderLines)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
);

/**
 * An order row sent as one JSON array of its column values (json_build_array takes up to 100 arguments, and
 * an array needs no keys), read back decoding each value as drizzle would (timestamps to Date).
 */
const ORDER_COLUMNS = Object.entries(getTableColumns(orders));
function orderRowFromJson(values: unknown[]) {
  const row: Record<string, unknown> = {};
  for (const [index, [key, column]] of ORDER_COLUMNS.entries()) {
    const value = values[index];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as OrderRow;
}

export async function countOrders(db: Executor, filter: OrderListFilter) {
  const [total] = await db.select({ value: count() }).from(orders).where(listWhere(filter));
  return total?.value ?? 0;
}

/**
 * The page of orders with their lines and the total. Each order comes back as one JSON value (its columns and
 * its lines): mapping one value per row instead of forty columns and a nested list halves the list's cost in
 * Node (measured with `npm run bench`).
 */
function pageWithLinesQuery(
  db: Executor,
  memberId: number | Placeholder,
  where: SQL | undefined,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const pageRows = db
    .select({
      ...getTableColumns(orders),
      // Inside the sub-select `orders` names its own FROM, so the same conditions count every matching order.
      total: sql<number>`(select count(*) from ${orders} where ${where})`.as('total'),
      // Read in the same snapshot as the rows: the version these rows are (member-order-stats.ts).
      version: sql<number | null>`(select ${memberOrderStats.version} from ${memberOrderStats}
        where ${memberOrderStats.memberId} = ${memberId})`.as('version'),
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.creationDate), desc(orders.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const lines = db
    .select({
      list: sql`coalesce(json_agg(json_build_object(${LINE_JSON_FIELDS})
        order by ${orderLines.position}, ${orderLines.id}), '[]'::json)`.as('list'),
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, pageRows.id))
    .as('lines');
  const pageColumns = ORDER_COLUMNS.map(([key]) => pageRows[key as keyof typeof pageRows] as PgColumn);
  return db
    .select({
      order: sql<unknown[] | string>`json_build_array(${sql.join(pageColumns, sql`, `)})`,
      lines: sql<OrderLineRow[] | string>`${lines.list}`,
      total: pageRows.total,
      version: pageRows.version,
    })
    .from(pageRows)
    .crossJoinLateral(lines)
    .orderBy(desc(pageRows.creationDate), desc(pageRows.id));
}

/**
 * The tabs without search (all orders, one type): the member home and MyOrder open with these. Prepared once
 * per database: drizzle builds the SQL once (building it took longer than PostgreSQL took to run it) and
 * PostgreSQL can keep the plan.
 */
const preparedPages = new WeakMap<Executor, ReturnType<typeof preparePageQueries>>();
function preparePageQueries(db: Executor) {
  const memberId = sql.placeholder('memberId');
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  return {
    all: pageWithLinesQuery(db, memberId, visibleTo(memberId), limit, offset).prepare('orders_page_all'),
    oneType: pageWithLinesQuery(
      db,
      memberId,
      and(visibleTo(memberId), eq(orders.orderType, sql.placeholder('orderType'))),
      limit,
      offset,
    ).prepare('orders_page_one_type'),
  };
}

/**
 * One page of the member's orders, newest first, each with its lines, the number of matching orders and the
 * version of the member's orders they were read at: one round trip (the list is the member home's hottest
 * call). The page is a subquery, so the lines are gathered (a lateral json_agg) only for its rows, not for the
 * rows OFFSET skips; the total is a sub-select run once (an index-only scan of orders_member_list_idx /
 * orders_member_type_idx).
 */
export async function findOrderPageWithLines(db: Executor, filter: OrderListFilter, page: number, size: number) {
  const offset = (page - 1) * size;
  const isPlainTab = (filter.types?.length ?? 0) <= 1 && !filter.beginDate && !filter.endDate && !filter.productName;
  let found: Awaited<ReturnType<ReturnType<typeof pageWithLinesQuery>['execute']>>;
  if (isPlainTab) {
    let queries = preparedPages.get(db);
    if (!queries) {
      queries = preparePageQueries(db);
      preparedPages.set(db, queries);
    }
    const orderType = filter.types?.[0];
    const values = { memberId: filter.memberId, limit: size, offset };
    found = orderType ? await queries.oneType.execute({ ...values, orderType }) : await queries.all.execute(values);
  } else {
    found = await pageWithLinesQuery(db, filter.memberId, listWhere(filter), size, offset);
  }
  // PGlite answers json as text; node-postgres parses it.
  const fromJson = <T>(value: T | string) => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  const rows = found.map(({ order, lines }) => ({
    ...orderRowFromJson(fromJson(order)),
    lines: fromJson(lines),
  }));
  const first = found[0];
  // A page past the end has no row to carry the total.
  const total = first ? Number(first.total) : page > 1 ? await countOrders(db, filter) : 0;
  // Without a row there is no version to tell (the page is empty or past the end).
  const version = first && first.version !== null ? Number(first.version) : undefined;
  return { rows, total, version };
}

export async function findLinesOfOrders(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id));
}

/** A member's order by code (deleted ones excluded); undefined for a missing code or another member's order. */
export async function findMemberOrder(db: Executor, memberId: number, ordersCode: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.ordersCode, ordersCode), eq(orders.memberId, memberId), isNull(orders.deletedAt)));
  return row;
}

export async function findOrderByCode(db: Executor, ordersCode: string) {
  const [row] = await db.select().from(orders).where(eq(orders.ordersCode, ordersCode));
  return row;
}

/** Locks the order row for the rest of the transaction (two actions on one order run one after the other). */
export async function lockOrderByCode(db: Executor, ordersCode: string) {
  const [row] = await db.select().from(orders).where(eq(orders.ordersCode, ordersCode)).for('update');
  return row;
}

/** How many sub-orders of a split order are not cancelled (deleted ones included: a deleted order was used). */
export async function countUncanceledSubOrders(db: Executor, parentOrderCode: string) {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.parentOrderCode, parentOrderCode), isNull(orders.canceledAt)));
  return row?.total ?? 0;
}

export async function findSubOrders(db: Executor, parentOrderCode: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.parentOrderCode, parentOrderCode), isNull(orders.deletedAt)))
    .orderBy(asc(orders.ordersCode));
}

/** Writes a new state only if nobody wrote since it was read (version check); answers the row or undefined. */
export async function updateOrderVersioned(
  db: Executor,
  current: Pick<OrderRow, 'id' | 'version'>,
  values: Partial<NewOrderRow>,
) {
  const [row] = await db
    .update(orders)
    .set({ ...values, version: current.version + 1 })
    .where(and(eq(orders.id, current.id), eq(orders.version, current.version)))
    .returning();
  return row;
}

export async function insertOrder(db: Executor, row: NewOrderRow) {
  const [created] = await db.insert(orders).values(row).returning();
  if (!created) throw new Error('order insert returned nothing');
  return created;
}

export async function insertOrderLines(db: Executor, rows: NewOrderLineRow[]) {
  if (rows.length === 0) return [];
  return db.insert(orderLines).values(rows).returning();
}

/** Unpaid online orders whose payment deadline has passed (the automatic cancel). */
export async function findExpiredUnpaidOrderCodes(db: Executor, now: Date, limit: number) {
  const rows = await db
    .select({ ordersCode: orders.ordersCode })
    .from(orders)
    .where(
      and(
        eq(orders.orderType, 'waitPay'),
        lt(orders.payDeadline, now),
        isNull(orders.paidAt),
        eq(orders.isSplit, false),
      ),
    )
    .orderBy(asc(orders.payDeadline))
    .limit(limit);
  return rows.map((row) => row.ordersCode);
}
