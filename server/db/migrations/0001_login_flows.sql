CREATE TABLE "login_flows" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_flows_expire_idx" ON "login_flows" USING btree ("expire");