CREATE TABLE "flow_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"hash" text NOT NULL,
	"file" text NOT NULL,
	"source" text NOT NULL,
	"how" text NOT NULL,
	"went_live_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flow_versions_kind_code_idx" ON "flow_versions" USING btree ("kind","code","id");