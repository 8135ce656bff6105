-- The operator console (docs/CONSOLE.md): staff with their sign-in challenges and sessions (module staff), and
-- the audit log of their acts (module audit), which the trigger at the end keeps append-only.
CREATE TABLE "staff_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"staff_id" bigint,
	"actor" text NOT NULL,
	"roles" jsonb NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"login_name" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"totp_secret_enc" text,
	"totp_last_step" bigint,
	"recovery_code_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_roles_array" CHECK (jsonb_typeof("staff"."roles") = 'array')
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sign_in_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"setup_secret_enc" text,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sign_in_challenges" ADD CONSTRAINT "staff_sign_in_challenges_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_log_at_idx" ON "staff_audit_log" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "staff_audit_log_object_idx" ON "staff_audit_log" USING btree ("object_id","at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_actor_idx" ON "staff_audit_log" USING btree ("actor","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_login_name_key" ON "staff" USING btree ("login_name");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_sign_in_challenges_expires_idx" ON "staff_sign_in_challenges" USING btree ("expires_at");
--> statement-breakpoint
-- The audit log is append-only whoever writes to it (the server, the command line, plain SQL): an entry can be
-- added, never changed or removed.
CREATE FUNCTION refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_audit_log_append_only BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_log_change();
--> statement-breakpoint
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_log_change();
