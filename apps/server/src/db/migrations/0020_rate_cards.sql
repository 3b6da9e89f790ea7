CREATE TABLE "rate_card_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_card_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"rates" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_card_versions_card_date_unique" UNIQUE("rate_card_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_cards_account_unique" UNIQUE NULLS NOT DISTINCT("account_id")
);
--> statement-breakpoint
ALTER TABLE "rate_card_versions" ADD CONSTRAINT "rate_card_versions_rate_card_id_rate_cards_id_fk" FOREIGN KEY ("rate_card_id") REFERENCES "public"."rate_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The installation's default rate card (issue 23) exists from the start, with no versions: no charge until staff
-- set rates.
INSERT INTO "rate_cards" ("account_id") VALUES (NULL) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Roles are data: existing installations' roles get the billing permissions (as 0014 did for locations). On a new
-- database the roles do not exist yet and the seed grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('manage billing'), ('view invoices') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
WHERE (r."name" IN ('super-admin', 'admin') AND p."name" IN ('manage billing', 'view invoices'))
   OR (r."name" = 'client' AND p."name" = 'view invoices')
ON CONFLICT DO NOTHING;
