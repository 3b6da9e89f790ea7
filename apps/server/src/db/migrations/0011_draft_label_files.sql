CREATE TABLE "bulk_order_draft_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"draft_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_order_draft_files" ADD CONSTRAINT "bulk_order_draft_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_order_draft_files" ADD CONSTRAINT "bulk_order_draft_files_draft_id_bulk_order_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."bulk_order_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_order_draft_files_draft_idx" ON "bulk_order_draft_files" USING btree ("draft_id");