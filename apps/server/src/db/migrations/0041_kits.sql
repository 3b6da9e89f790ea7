CREATE TABLE "kit_components" (
	"kit_product_id" integer NOT NULL,
	"component_product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "kit_components_kit_product_id_component_product_id_pk" PRIMARY KEY("kit_product_id","component_product_id"),
	CONSTRAINT "kit_components_quantity_positive" CHECK ("kit_components"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kit_product_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kit_quantity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "kit_components" ADD CONSTRAINT "kit_components_kit_product_id_products_id_fk" FOREIGN KEY ("kit_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_components" ADD CONSTRAINT "kit_components_component_product_id_products_id_fk" FOREIGN KEY ("component_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kit_components_component_idx" ON "kit_components" USING btree ("component_product_id","kit_product_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kit_product_id_products_id_fk" FOREIGN KEY ("kit_product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kit_pair" CHECK (("order_items"."kit_product_id" is null) = ("order_items"."kit_quantity" is null));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kind_known" CHECK ("products"."kind" in ('standard', 'bundle', 'assembled'));