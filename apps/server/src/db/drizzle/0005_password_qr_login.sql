CREATE TABLE "image_captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_key_enc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_logins" (
	"uuid" text PRIMARY KEY NOT NULL,
	"browser_secret_hash" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"requester_ip" text,
	"requester_user_agent" text,
	"member_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "qr_logins" ADD CONSTRAINT "qr_logins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_captchas_expires_idx" ON "image_captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_keys_expires_idx" ON "login_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "qr_logins_expires_idx" ON "qr_logins" USING btree ("expires_at");