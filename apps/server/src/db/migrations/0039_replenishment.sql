CREATE TABLE "pick_faces" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_quantity" integer NOT NULL,
	"increment" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pick_faces_min_non_negative" CHECK ("pick_faces"."min_quantity" >= 0),
	CONSTRAINT "pick_faces_max_at_least_min" CHECK ("pick_faces"."max_quantity" >= "pick_faces"."min_quantity" and "pick_faces"."max_quantity" > 0),
	CONSTRAINT "pick_faces_increment_positive" CHECK ("pick_faces"."increment" >= 1)
);
--> statement-breakpoint
CREATE TABLE "replenishment_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"pick_face_id" integer,
	"inventory_id" integer NOT NULL,
	"lot_id" integer,
	"source_location_id" integer NOT NULL,
	"target_location_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_moved" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"short" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"assignee_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "replenishment_tasks_status_check" CHECK ("replenishment_tasks"."status" in ('open', 'in_progress', 'done', 'cancelled')),
	CONSTRAINT "replenishment_tasks_quantity_positive" CHECK ("replenishment_tasks"."quantity" > 0),
	CONSTRAINT "replenishment_tasks_moved_range" CHECK ("replenishment_tasks"."quantity_moved" >= 0 and "replenishment_tasks"."quantity_moved" <= "replenishment_tasks"."quantity")
);
--> statement-breakpoint
ALTER TABLE "pick_faces" ADD CONSTRAINT "pick_faces_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_faces" ADD CONSTRAINT "pick_faces_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_faces" ADD CONSTRAINT "pick_faces_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_tasks" ADD CONSTRAINT "replenishment_tasks_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_tasks" ADD CONSTRAINT "replenishment_tasks_pick_face_id_pick_faces_id_fk" FOREIGN KEY ("pick_face_id") REFERENCES "public"."pick_faces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_tasks" ADD CONSTRAINT "replenishment_tasks_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_tasks" ADD CONSTRAINT "replenishment_tasks_lot_id_inventory_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."inventory_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_tasks" ADD CONSTRAINT "replenishment_tasks_source_location_id_locations_id_fk" FOREIGN KEY ("source_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_tasks" ADD CONSTRAINT "replenishment_tasks_target_location_id_locations_id_fk" FOREIGN KEY ("target_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_tasks" ADD CONSTRAINT "replenishment_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_tasks" ADD CONSTRAINT "replenishment_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pick_faces_inventory_location_unique" ON "pick_faces" USING btree ("inventory_id","location_id");--> statement-breakpoint
CREATE INDEX "pick_faces_warehouse_idx" ON "pick_faces" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "pick_faces_location_idx" ON "pick_faces" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "replenishment_tasks_one_live_per_face" ON "replenishment_tasks" USING btree ("pick_face_id") WHERE "replenishment_tasks"."status" in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "replenishment_tasks_warehouse_status_idx" ON "replenishment_tasks" USING btree ("warehouse_id","status","id");--> statement-breakpoint
CREATE INDEX "replenishment_tasks_source_live_idx" ON "replenishment_tasks" USING btree ("source_location_id") WHERE "replenishment_tasks"."status" in ('open', 'in_progress');--> statement-breakpoint
-- Roles are data: existing installations' super-admin, admin and manager roles get the replenishment permissions (as
-- 0035 did for picking). On a new database the roles do not exist yet and the seed grants the defaults.
INSERT INTO "permissions" ("name") VALUES ('view replenishment'), ('replenish'), ('manage replenishment') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r CROSS JOIN "permissions" p
WHERE r."name" IN ('super-admin', 'admin', 'manager')
  AND p."name" IN ('view replenishment', 'replenish', 'manage replenishment')
ON CONFLICT DO NOTHING;
