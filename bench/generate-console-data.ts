// Bench data of the console's queues and the chat (issue 34), added after the orders (generate-orders.ts):
//
// - an inquiry for every prescription order: 'reviewing' for the orders waiting for the review (about 1 % of
//   them: some 10,000 with 1M orders), 'passed' for the others. The queue's patient snapshot and images are
//   never decrypted, so they hold a placeholder;
// - chat conversations, one per CONVERSATION_EVERY generated members, MESSAGES_PER_CONVERSATION messages
//   each: WAITING of them waiting (both queues), ASSIGNED held by kefu_demo, the rest closed; the demo member
//   gets DEMO_CONVERSATIONS of them, one assigned to kefu_demo (the history the bench reads).
// Set-based SQL; it only adds what is missing, so the database can grow step by step.
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../apps/server/src/db/client.ts';

const CONVERSATION_EVERY = 20;
const MESSAGES_PER_CONVERSATION = 20;
const WAITING = 40;
const ASSIGNED = 15;
const DEMO_CONVERSATIONS = 3;
const DEMO_MESSAGES = 80;

const count = async (db: Database, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number | string }>(db, query))[0]?.n ?? 0);

async function generateInquiries(db: Database) {
  await db.execute(sql`
    insert into order_inquiries (
      order_id, member_id, patient_name, patient_snapshot_enc, diagnoses, answers, prescription_images_enc,
      consent_version, consent_at, status, pharmacist_name, reviewed_at, submitted_at
    )
    select o.id, o.member_id, '王芳', 'bench', '{"diseases":["高血压"],"description":""}'::jsonb, '[]'::jsonb, 'bench',
           'v1', o.creation_date,
           case when o.order_type = 'waitAudit' then 'reviewing' else 'passed' end,
           case when o.order_type = 'waitAudit' then null else '药师' end,
           o.audited_at, o.creation_date
    from orders o
    where o.is_rx_drug and not exists (select 1 from order_inquiries i where i.order_id = o.id)
  `);
}

async function generateConversations(db: Database, demoMemberId: number, members: number) {
  const wanted = Math.round(members / CONVERSATION_EVERY);
  const existing = await count(db, sql`select count(*) as n from chat_conversations where page_url = '/bench'`);
  if (existing >= wanted) return;
  const [agent] = await queryRows<{ id: number | string }>(
    db,
    sql`select id from staff where login_name = 'kefu_demo'`,
  );
  if (!agent) throw new Error('kefu_demo is missing: seed the database first');
  const agentId = Number(agent.id);
  // k counts the bench's conversations: the first WAITING wait, the next ASSIGNED are kefu_demo's, the rest closed.
  const demoRows = existing === 0 ? DEMO_CONVERSATIONS : 0;
  await db.execute(sql`
    with picked as (
      select row_number() over () + ${existing}::int as k, m.id as member_id
      from (
        select id from members where phone like '170%' order by id
        offset ${Math.max(0, existing - DEMO_CONVERSATIONS)}::int limit ${wanted - existing - demoRows}::int
      ) m
      union all
      select ${existing}::int + ${wanted - existing - demoRows}::int + g, ${demoMemberId}::bigint
      from generate_series(1, ${demoRows}::int) g
    ),
    shaped as (
      select p.*,
             case when p.member_id = ${demoMemberId}::bigint
                    then (case when p.k = ${wanted}::int then 'assigned' else 'closed' end)
                  when p.k <= ${WAITING}::int then 'waiting'
                  when p.k <= ${WAITING + ASSIGNED}::int then 'assigned'
                  else 'closed' end as status,
             now() - (p.k % 500) * interval '1 hour' as created
      from picked p
    ),
    conversations as (
      insert into chat_conversations (
        member_id, status, queue, agent_id, agent_name, page_url, created_at, waiting_since, assigned_at, closed_at
      )
      select s.member_id, s.status, case when s.k % 4 = 0 then 'pharmacist' else 'service' end,
             case when s.status = 'waiting' then null else ${agentId}::bigint end,
             case when s.status = 'waiting' then null else '小安' end,
             '/bench', s.created,
             case when s.status = 'waiting' then s.created + interval '1 minute' end,
             case when s.status = 'waiting' then null else s.created + interval '2 minutes' end,
             case when s.status = 'closed' then s.created + interval '30 minutes' end
      from shaped s
      order by s.k
      returning id, member_id, created_at
    )
    insert into chat_messages (conversation_id, sender, agent_id, agent_name, client_id, kind, text, created_at)
    select c.id, case when g % 2 = 1 then 'member' else 'agent' end,
           case when g % 2 = 1 then null else ${agentId}::bigint end,
           case when g % 2 = 1 then null else '小安' end,
           'bench-' || g, 'text',
           case when g % 2 = 1 then '请问这个药饭前吃还是饭后吃？一天几次？' else '您好，一般饭后服用，一日三次，具体请遵医嘱。' end,
           c.created_at + g * interval '10 seconds'
    from conversations c
    cross join lateral generate_series(
      1, case when c.member_id = ${demoMemberId}::bigint then ${DEMO_MESSAGES}::int else ${MESSAGES_PER_CONVERSATION}::int end
    ) g
  `);
}

/** Adds the inquiries and chat conversations for the orders and members the database now has. */
export async function generateConsoleData(db: Database, demoMemberId: number, members: number) {
  await generateInquiries(db);
  await generateConversations(db, demoMemberId, members);
  for (const table of ['order_inquiries', 'chat_conversations', 'chat_messages']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}
