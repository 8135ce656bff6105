CREATE TABLE "oauth_login_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"third_type" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"third_type" smallint NOT NULL,
	"code_verifier" text,
	"back_url" text NOT NULL,
	"origin" text NOT NULL,
	"platform" text,
	"app_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_oauth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"identity_id" bigint NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"access_token_hash" text,
	"access_token_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_oauth_identities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_oauth_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"open_id" text NOT NULL,
	"nickname" text NOT NULL,
	"avatar" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_party_identities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "third_party_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"third_type" smallint NOT NULL,
	"open_id" text NOT NULL,
	"nickname" text,
	"avatar" text,
	"bound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_closure_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_closure_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"origin" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "oauth_login_codes" ADD CONSTRAINT "oauth_login_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_oauth_codes" ADD CONSTRAINT "sandbox_oauth_codes_identity_id_sandbox_oauth_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."sandbox_oauth_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_identities" ADD CONSTRAINT "third_party_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_closure_requests" ADD CONSTRAINT "account_closure_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_oauth_codes_token_key" ON "sandbox_oauth_codes" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_oauth_identities_open_id_key" ON "sandbox_oauth_identities" USING btree ("provider","open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_identities_account_key" ON "third_party_identities" USING btree ("third_type","open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_identities_member_type_key" ON "third_party_identities" USING btree ("member_id","third_type");--> statement-breakpoint
CREATE INDEX "account_closure_requests_member_idx" ON "account_closure_requests" USING btree ("member_id","requested_at");