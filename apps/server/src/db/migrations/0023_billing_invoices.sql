CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"charge_type" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"rate_micros" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"rate_effective_from" date,
	"rate_source" text NOT NULL,
	"evidence" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"account_id" integer NOT NULL,
	"account_name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"void_reason" text,
	"created_by" integer,
	"finalized_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'finalized', 'void')),
	CONSTRAINT "invoices_numbered_unless_draft" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" is null)),
	CONSTRAINT "invoices_period_order" CHECK ("invoices"."period_from" <= "invoices"."period_to")
);
--> statement-breakpoint
CREATE TABLE "manual_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"charge_date" date NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"rate_micros" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_charges_quantity_positive" CHECK ("manual_charges"."quantity" > 0),
	CONSTRAINT "manual_charges_rate_non_negative" CHECK ("manual_charges"."rate_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_charges" ADD CONSTRAINT "manual_charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_charges" ADD CONSTRAINT "manual_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_finalized_per_period" ON "invoices" USING btree ("account_id","period_from","period_to") WHERE "invoices"."status" = 'finalized';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_draft_per_period" ON "invoices" USING btree ("account_id","period_from","period_to") WHERE "invoices"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id","period_from");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","period_from");--> statement-breakpoint
CREATE INDEX "manual_charges_account_date_idx" ON "manual_charges" USING btree ("account_id","charge_date");