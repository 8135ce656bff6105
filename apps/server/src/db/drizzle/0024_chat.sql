CREATE TABLE "chat_conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint,
	"guest_link_id" bigint,
	"visitor_hash" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"queue" text DEFAULT 'service' NOT NULL,
	"agent_id" bigint,
	"agent_name" text,
	"page_url" text NOT NULL,
	"orders_code" text,
	"product_code" text,
	"rating" text,
	"created_at" timestamp with time zone NOT NULL,
	"waiting_since" timestamp with time zone,
	"assigned_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"sms_sent_at" timestamp with time zone,
	"member_delivered_id" bigint DEFAULT 0 NOT NULL,
	"member_read_id" bigint DEFAULT 0 NOT NULL,
	"agent_delivered_id" bigint DEFAULT 0 NOT NULL,
	"agent_read_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_conversations_party" CHECK ("chat_conversations"."member_id" is not null or "chat_conversations"."guest_link_id" is not null or "chat_conversations"."visitor_hash" is not null),
	CONSTRAINT "chat_conversations_status" CHECK ("chat_conversations"."status" in ('waiting', 'assigned', 'closed')),
	CONSTRAINT "chat_conversations_queue" CHECK ("chat_conversations"."queue" in ('service', 'pharmacist')),
	CONSTRAINT "chat_conversations_rating" CHECK ("chat_conversations"."rating" is null or "chat_conversations"."rating" in ('good', 'ok', 'bad')),
	CONSTRAINT "chat_conversations_assigned" CHECK ("chat_conversations"."status" <> 'assigned' or "chat_conversations"."agent_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"agent_id" bigint,
	"agent_name" text,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"image_name" text,
	"image_owner_id" bigint,
	"order_card" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_sender" CHECK ("chat_messages"."sender" in ('member', 'agent', 'system')),
	CONSTRAINT "chat_messages_kind" CHECK ("chat_messages"."kind" in ('text', 'image', 'order')),
	CONSTRAINT "chat_messages_body" CHECK (("chat_messages"."kind" = 'text' and "chat_messages"."text" is not null) or ("chat_messages"."kind" = 'image' and "chat_messages"."image_name" is not null) or ("chat_messages"."kind" = 'order' and "chat_messages"."order_card" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_presence" (
	"id" text PRIMARY KEY NOT NULL,
	"party" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_guest_link_id_guest_pay_links_id_fk" FOREIGN KEY ("guest_link_id") REFERENCES "public"."guest_pay_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_member_idx" ON "chat_conversations" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "chat_conversations_guest_idx" ON "chat_conversations" USING btree ("guest_link_id") WHERE "chat_conversations"."guest_link_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_conversations_visitor_idx" ON "chat_conversations" USING btree ("visitor_hash") WHERE "chat_conversations"."visitor_hash" is not null;--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox_idx" ON "chat_conversations" USING btree ("queue","waiting_since") WHERE "chat_conversations"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "chat_conversations_agent_idx" ON "chat_conversations" USING btree ("agent_id") WHERE "chat_conversations"."status" = 'assigned';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_key" ON "chat_messages" USING btree ("conversation_id","sender","client_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_presence_party_idx" ON "chat_presence" USING btree ("party","expires_at");