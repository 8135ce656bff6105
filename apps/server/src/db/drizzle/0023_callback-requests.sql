CREATE TABLE "callback_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "callback_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"orders_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"called_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_requests_member_idx" ON "callback_requests" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "callback_requests_open_idx" ON "callback_requests" USING btree ("created_at") WHERE "callback_requests"."called_at" is null;