-- Which products changed since an index was loaded (docs/decisions/036): every product row carries the
-- id of the transaction that last wrote it; an index remembers the snapshot it read, and reloads only
-- the rows whose writer that snapshot could not see. Kept out of the Drizzle schema: only the
-- catalogue's loader reads it, by name.
ALTER TABLE "products" ADD COLUMN "change_xid" xid8 DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "products_change_xid_idx" ON "products" USING btree ("change_xid");--> statement-breakpoint
CREATE FUNCTION products_touch_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_change_xid BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION products_touch_change_xid();--> statement-breakpoint
-- A deleted product leaves no row to reload: deletes mark the catalogue for a full rebuild instead.
ALTER TABLE "catalogue_meta" ADD COLUMN "rebuild_xid" xid8;--> statement-breakpoint
CREATE FUNCTION products_mark_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_meta SET rebuild_xid = pg_current_xact_id() WHERE key = 'catalogue';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_deleted AFTER DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION products_mark_rebuild();
