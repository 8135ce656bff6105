// Bench data: fills a database with members and orders (1-3 lines each) so the order list, the counts and the
// member home are measured on realistic tables. Set-based SQL (`insert … select … from generate_series`), in
// batches of BATCH orders so memory stays bounded; it only adds what is missing, so a database can grow step
// by step (10k orders, measure, 100k, measure, …).
//
// Distributions: order types in every state with plausible shares, each with a creation date that fits it
// (pending audits and unpaid orders are minutes to days old, finished ones spread over two years); members
// chosen with a power law (a few members have hundreds of orders, most have a handful or none); the demo
// member 13800138000 gets DEMO_ORDERS orders in all (its seeded demo orders included).
//
// Run it against the database BEFORE the server starts (PGlite has one process). Standalone:
//   npx tsx bench/generate-orders.ts --orders 100000 --members 10000 [--data-dir .tmp/bench-data/pglite |
//                                    --database-url postgres://…]
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ORDER_STATUS_CODE, type OrderType } from '@anxin/shared/orders/order-status';
import { sql } from 'drizzle-orm';
import type { Config } from '../apps/server/src/config.ts';
import { type Database, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { DEMO_MEMBER } from '../apps/server/src/modules/account/account.seed.ts';
import { CATALOGUE_PRODUCTS } from '../apps/server/src/modules/catalogue/catalogue.data.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { API_PREFIX } from '../apps/server/src/platform/http.ts';
import { resolveSecrets } from '../apps/server/src/platform/secrets.ts';
import { createFileStorage } from '../apps/server/src/platform/storage/create-storage.ts';
import { generateConsoleData } from './generate-console-data.ts';

const BATCH = 50_000;
export const DEMO_ORDERS = 200;
/** Generated members have phones 170xxxxxxxx (no other data uses that range). */
const MEMBER_PHONE_FROM = '17000000000';
const MEMBER_PHONE_TO = '17099999999';

/**
 * Share of each order type, the age range (days) of orders in it and how many state-machine events it took.
 * Orders that wait on someone are young; finished ones are spread over two years.
 */
const TYPE_SPECS: { type: OrderType; share: number; minDays: number; maxDays: number; version: number }[] = [
  { type: 'waitAudit', share: 0.01, minDays: 0, maxDays: 2, version: 0 },
  // Unpaid online orders are younger than the 30-minute payment deadline (older ones are cancelled).
  { type: 'waitPay', share: 0.01, minDays: 0, maxDays: 25 / 1440, version: 0 },
  { type: 'waitDelivery', share: 0.03, minDays: 0.02, maxDays: 3, version: 1 },
  { type: 'waitReceiving', share: 0.04, minDays: 0.3, maxDays: 7, version: 2 },
  { type: 'waitEvaluate', share: 0.14, minDays: 2.5, maxDays: 730, version: 3 },
  { type: 'completeTransaction', share: 0.55, minDays: 3.5, maxDays: 730, version: 4 },
  { type: 'canceled', share: 0.17, minDays: 0.02, maxDays: 730, version: 1 },
  { type: 'refundOrder', share: 0.01, minDays: 0.5, maxDays: 10, version: 2 },
  { type: 'refundCompleteTransaction', share: 0.04, minDays: 3, maxDays: 730, version: 3 },
];

const LAST_TYPE = TYPE_SPECS[TYPE_SPECS.length - 1]!.type;

const CONSIGNEES = ['王芳', '李娜', '张伟', '刘洋', '陈静', '杨帆', '赵磊', '黄敏', '周杰', '吴婷', '徐明', '孙丽'];
const ADDRESSES = [
  '北京市 北京市 朝阳区 望京街道 阜通东大街6号院3号楼1201室',
  '上海市 上海市 浦东新区 张江镇 科苑路88号2号楼5层',
  '广东省 广州市 天河区 珠江新城 花城大道66号1806室',
  '浙江省 杭州市 西湖区 文新街道 文一西路522号7幢302室',
  '四川省 成都市 武侯区 红牌楼街道 佳灵路3号5栋1单元901',
  '湖北省 武汉市 洪山区 关山街道 光谷大道77号金融港B座',
  '江苏省 南京市 鼓楼区 湖南路街道 中山北路105号',
  '陕西省 西安市 雁塔区 小寨路街道 长安中路88号10层',
];

export type GenerateTarget = { members: number; orders: number };
export type GenerateResult = { members: number; orders: number; orderLines: number; seconds: number };

const count = async (db: Database, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number | string }>(db, query))[0]?.n ?? 0);

/** Adds members (phones 170…) until there are `target` of them. */
async function generateMembers(db: Database, target: number, now: Date) {
  const existing = await count(
    db,
    sql`select count(*) as n from members where phone between ${MEMBER_PHONE_FROM} and ${MEMBER_PHONE_TO}`,
  );
  for (let from = existing + 1; from <= target; from += BATCH) {
    const to = Math.min(target, from + BATCH - 1);
    await db.execute(sql`
      insert into members (phone, nickname, member_name, sex, created_at, updated_at)
      select '170' || lpad(g::text, 8, '0'), '安心用户' || lpad(g::text, 7, '0'), 'bench_' || g,
             (1 + g % 2)::smallint, t.created, t.created
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select ${now.toISOString()}::timestamptz - random() * interval '900 days' as created) t
    `);
  }
}

const catalogueJson = JSON.stringify(
  CATALOGUE_PRODUCTS.map((product, i) => ({
    i: i + 1,
    code: product.productCode,
    name: product.name,
    image: `${API_PREFIX}/v2/products/${product.productCode}/image.svg`,
    packing: product.packing ?? null,
    price: product.price,
    rx: product.prescriptionType,
    class_code: product.classCode ?? null,
  })),
);

const typeSpecJson = (() => {
  let from = 0;
  return JSON.stringify(
    TYPE_SPECS.map((spec) => {
      const row = {
        order_type: spec.type,
        order_status: ORDER_STATUS_CODE[spec.type],
        p_from: from,
        p_to: from + spec.share,
        min_days: spec.minDays,
        max_days: spec.maxDays,
        version: spec.version,
      };
      from += spec.share;
      return row;
    }),
  );
})();

/**
 * Inserts `howMany` orders with their lines in one statement. `memberId` fixes the member (the demo member);
 * otherwise each order picks a generated member by a power law (low ids order most). Codes are 'AX' + the
 * China date + an 8-digit sequence (`sequenceFrom` + n), unique across batches.
 */
async function insertOrderBatch(
  db: Database,
  options: { howMany: number; sequenceFrom: number; now: Date; memberId?: number },
) {
  const { howMany, sequenceFrom, now, memberId } = options;
  // Members numbered 1..n (a join, not an array: subscripting a 100k-element array per row is quadratic).
  const members = memberId
    ? sql`select ${memberId}::bigint as id, 1 as k`
    : sql`select id, (row_number() over (order by id))::int as k from members
          where phone between ${MEMBER_PHONE_FROM} and ${MEMBER_PHONE_TO}`;
  await db.execute(sql`
    with cat as (
      select array_agg(code order by i) as code, array_agg(name order by i) as name,
             array_agg(image order by i) as image, array_agg(packing order by i) as packing,
             array_agg(price order by i) as price, array_agg(rx order by i) as rx,
             array_agg(class_code order by i) as class_code,
             array_agg(i order by i) filter (where rx in (2, 3)) as ordinary,
             array_agg(i order by i) filter (where rx in (4, 5)) as prescription,
             array(select jsonb_array_elements_text(${JSON.stringify(CONSIGNEES)}::jsonb)) as consignees,
             array(select jsonb_array_elements_text(${JSON.stringify(ADDRESSES)}::jsonb)) as addresses
      from jsonb_to_recordset(${catalogueJson}::jsonb)
        as p(i int, code text, name text, image text, packing text, price int, rx smallint, class_code text)
    ),
    spec as (
      select * from jsonb_to_recordset(${typeSpecJson}::jsonb)
        as s(order_type text, order_status smallint, p_from float8, p_to float8, min_days float8, max_days float8,
             version int)
    ),
    mem as (${members}),
    drawn as (
      select g, random() as r_type, random() as r_age, random() as r_rx, random() as r_pay, random() as r_lines,
             random() as r_extra, random() as r_who,
             1 + floor((select count(*) from mem) * power(random(), 1.5))::int as member_k
      from generate_series(1, ${howMany}::int) g
    ),
    o as (
      select d.g, s.order_type, s.order_status, s.version, x.created, x.is_rx, x.payment_type, x.n_lines,
             'AX' || to_char(x.created at time zone 'UTC' + interval '8 hours', 'YYYYMMDD')
               || lpad((${sequenceFrom}::int + d.g)::text, 8, '0') as orders_code,
             mem.id as member_id,
             case when x.is_rx
               then cat.prescription[1 + floor(random() * cardinality(cat.prescription))::int]
               else cat.ordinary[1 + floor(random() * cardinality(cat.ordinary))::int] end as p1,
             cat.ordinary[1 + floor(random() * cardinality(cat.ordinary))::int] as p2,
             cat.ordinary[1 + floor(random() * cardinality(cat.ordinary))::int] as p3,
             1 + floor(power(random(), 3) * 3)::int as a1,
             1 + floor(power(random(), 3) * 3)::int as a2,
             1 + floor(power(random(), 3) * 3)::int as a3,
             d.r_extra, d.r_who
      from drawn d
      join spec s on d.r_type >= s.p_from and (d.r_type < s.p_to or s.order_type = ${LAST_TYPE})
      join mem on mem.k = d.member_k
      cross join cat
      cross join lateral (
        select ${now.toISOString()}::timestamptz
                 - (s.min_days + (s.max_days - s.min_days) * d.r_age) * interval '1 day' as created,
               s.order_type = 'waitAudit' or d.r_rx < 0.06 as is_rx,
               case when s.order_type in ('waitAudit', 'waitPay', 'refundOrder', 'refundCompleteTransaction')
                      or d.r_pay < 0.85 then 99 else 1 end::smallint as payment_type,
               case when d.r_lines < 0.55 then 1 when d.r_lines < 0.85 then 2 else 3 end as n_lines
      ) x
    ),
    priced as (
      select o.*, cat.consignees, cat.addresses,
             cat.price[o.p1] * o.a1
               + case when o.n_lines >= 2 then cat.price[o.p2] * o.a2 else 0 end
               + case when o.n_lines >= 3 then cat.price[o.p3] * o.a3 else 0 end as product_money
      from o cross join cat
    ),
    timed as (
      select p.*,
             case when p.product_money >= 9900 then 0 else 1000 end as transport_costs,
             case when p.r_extra < 0.1 and p.product_money > 2000 then 500 else 0 end as coupon_value,
             p.order_type in ('waitDelivery', 'waitReceiving', 'waitEvaluate', 'completeTransaction',
                              'refundOrder', 'refundCompleteTransaction') as is_past_pay,
             p.order_type in ('waitReceiving', 'waitEvaluate', 'completeTransaction') as is_shipped,
             p.order_type in ('waitEvaluate', 'completeTransaction') as is_received
      from priced p
    ),
    inserted as (
      insert into orders (
        orders_code, member_id, order_type, order_status, is_rx_drug, is_prescription_complete, payment_type,
        pay_source, consignee, consignee_phone, delivery_address, product_money, transport_costs, coupon_value,
        sum, invoice, invoice_type, consignee_type, invoice_content, creation_date, pay_deadline, paid_at,
        audited_at, shipping_time, received_at, completed_at, canceled_at, cancel_reason, refunded_at, version,
        updated_at
      )
      select t.orders_code, t.member_id, t.order_type, t.order_status, t.is_rx,
             t.is_rx and t.order_type not in ('waitAudit', 'canceled'), t.payment_type, 'PC',
             t.consignees[1 + floor(t.r_who * cardinality(t.consignees))::int],
             '13' || lpad((floor(t.r_who * 1e9))::bigint::text, 9, '0'),
             t.addresses[1 + floor(t.r_extra * cardinality(t.addresses))::int],
             t.product_money, t.transport_costs, t.coupon_value,
             greatest(0, t.product_money + t.transport_costs - t.coupon_value),
             t.r_extra >= 0.85, case when t.r_extra >= 0.85 then '1-1' end,
             case when t.r_extra >= 0.85 then '个人' end, case when t.r_extra >= 0.85 then '商品明细' end,
             t.created,
             case when t.payment_type = 99 then t.created + interval '30 minutes' end,
             case when t.is_past_pay and t.payment_type = 99 then t.created + interval '25 minutes'
                  when t.is_received then t.created + interval '2 days' end,
             case when t.is_rx and t.order_type <> 'waitAudit' then t.created + interval '20 minutes' end,
             case when t.is_shipped then t.created + interval '6 hours' end,
             case when t.is_received then t.created + interval '2 days' end,
             case when t.order_type = 'completeTransaction' then t.created + interval '3 days' end,
             case when t.order_type = 'canceled' then t.created + interval '12 minutes' end,
             case when t.order_type = 'canceled' then (case when t.r_extra < 0.5 then 'member' else 'timeout' end) end,
             case when t.order_type = 'refundCompleteTransaction' then t.created + interval '2 days' end,
             t.version,
             t.created + case t.order_type
               when 'completeTransaction' then interval '3 days' when 'waitEvaluate' then interval '2 days'
               when 'refundCompleteTransaction' then interval '2 days' when 'waitReceiving' then interval '6 hours'
               when 'refundOrder' then interval '8 hours' when 'canceled' then interval '12 minutes'
               when 'waitDelivery' then interval '25 minutes' else interval '0 minutes' end
      from timed t
      order by t.g
      on conflict do nothing
      returning id, orders_code
    )
    insert into order_lines (
      order_id, product_code, product_name, product_image_url, packing, amount, actual_price, mark,
      prescription_type, class_code, position
    )
    select i.id, cat.code[l.p], cat.name[l.p], cat.image[l.p], cat.packing[l.p], l.a, cat.price[l.p], 1,
           cat.rx[l.p], cat.class_code[l.p], l.position
    from inserted i
    join o on o.orders_code = i.orders_code
    cross join cat
    cross join lateral (values (0, o.p1, o.a1), (1, o.p2, o.a2), (2, o.p3, o.a3)) as l(position, p, a)
    where l.position < o.n_lines
  `);
}

/** Grows the database to `target` members and orders (the demo member's DEMO_ORDERS included). */
export async function generateBenchData(db: Database, target: GenerateTarget): Promise<GenerateResult> {
  const started = performance.now();
  const now = new Date();
  await generateMembers(db, target.members, now);

  const [demo] = await queryRows<{ id: number | string }>(
    db,
    sql`select id from members where phone = ${DEMO_MEMBER.phone}`,
  );
  if (!demo) throw new Error('the demo member is missing: seed the database first');
  const demoOrders = await count(db, sql`select count(*) as n from orders where member_id = ${Number(demo.id)}`);
  let total = await count(db, sql`select count(*) as n from orders`);
  if (demoOrders < DEMO_ORDERS) {
    const howMany = DEMO_ORDERS - demoOrders;
    await insertOrderBatch(db, { howMany, sequenceFrom: total, now, memberId: Number(demo.id) });
    total += howMany;
  }
  while (total < target.orders) {
    const howMany = Math.min(BATCH, target.orders - total);
    await insertOrderBatch(db, { howMany, sequenceFrom: total, now });
    total = await count(db, sql`select count(*) as n from orders`);
  }
  // A steady-state database has statistics and a visibility map (autovacuum); bulk inserts leave neither.
  await db.execute(sql`vacuum analyze members`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_lines`);
  await generateConsoleData(db, Number(demo.id), target.members);
  return {
    members: await count(
      db,
      sql`select count(*) as n from members where phone between ${MEMBER_PHONE_FROM} and ${MEMBER_PHONE_TO}`,
    ),
    orders: total,
    orderLines: await count(db, sql`select count(*) as n from order_lines`),
    seconds: (performance.now() - started) / 1000,
  };
}

const BENCH_DATA_DIR_PGLITE = '.tmp/bench-data/pglite';

/**
 * Opens the database (PGlite folder or PostgreSQL URL), migrates and seeds it, grows it, closes it. `filesDir` is
 * the bench server's DATA_DIR: the demo avatar goes where it serves files from, and the demo staff are seeded
 * with its secrets (dev-secrets.json), so the server can read their second factor.
 */
export async function prepareBenchDatabase(
  location: { databaseUrl?: string; dataDir?: string },
  target: GenerateTarget,
  filesDir = dirname(location.dataDir ?? BENCH_DATA_DIR_PGLITE),
): Promise<GenerateResult> {
  if (location.dataDir) mkdirSync(dirname(location.dataDir), { recursive: true });
  const database = await openDatabase(location);
  try {
    await migrateDatabase(database);
    const secrets = resolveSecrets({ DATA_DIR: filesDir } as Config);
    await seedDemoData(database.db, systemClock, createFileStorage({ DATA_DIR: filesDir }), secrets);
    return await generateBenchData(database.db, target);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argument = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const orders = Number(argument('orders') ?? 100_000);
  const members = Number(argument('members') ?? Math.max(1000, orders / 10));
  const databaseUrl = argument('database-url');
  const dataDir = databaseUrl ? undefined : (argument('data-dir') ?? BENCH_DATA_DIR_PGLITE);
  const result = await prepareBenchDatabase({ databaseUrl, dataDir }, { members, orders });
  console.log(
    `${result.members} members, ${result.orders} orders, ${result.orderLines} order lines in ${result.seconds.toFixed(1)} s`,
  );
}
