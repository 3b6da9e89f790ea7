CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"code" text NOT NULL,
	"sort_key" text NOT NULL,
	"zone" text NOT NULL,
	"aisle" text,
	"rack" text,
	"level" text,
	"bin" text,
	"type" text DEFAULT 'storage' NOT NULL,
	"walk_sequence" integer,
	"max_units" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_type_check" CHECK ("locations"."type" in ('receiving', 'storage', 'pick', 'packing', 'staging', 'quarantine')),
	CONSTRAINT "locations_max_units_positive" CHECK ("locations"."max_units" is null or "locations"."max_units" > 0),
	CONSTRAINT "locations_walk_sequence_nonnegative" CHECK ("locations"."walk_sequence" is null or "locations"."walk_sequence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_warehouse_code_unique" ON "locations" USING btree ("warehouse_id",lower("code"));--> statement-breakpoint
CREATE INDEX "locations_walk_order_idx" ON "locations" USING btree ("warehouse_id","walk_sequence","sort_key");--> statement-breakpoint
CREATE INDEX "locations_zone_idx" ON "locations" USING btree ("warehouse_id","zone","sort_key");--> statement-breakpoint
CREATE INDEX "locations_type_idx" ON "locations" USING btree ("warehouse_id","type");--> statement-breakpoint
CREATE INDEX "locations_active_idx" ON "locations" USING btree ("warehouse_id","is_active");--> statement-breakpoint
CREATE INDEX "locations_code_trgm_idx" ON "locations" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
-- Roles are data: existing installations' super-admin, admin and manager roles get the new locations permissions
-- (issue 20). On a new database the roles do not exist yet and the seed grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('view locations'), ('create locations'), ('edit locations'), ('delete locations') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
WHERE r."name" IN ('super-admin', 'admin', 'manager')
  AND p."name" IN ('view locations', 'create locations', 'edit locations', 'delete locations')
ON CONFLICT DO NOTHING;
