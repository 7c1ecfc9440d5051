/**
 * Column builders the schema's areas share, so a table lists what is particular to it and the common
 * columns read by what they are (Drizzle's "reusable column definitions").
 *
 * Each call returns a fresh builder under the column name it is given (or its fixed name), producing the
 * very same column as the spelled-out builder it replaces: the generated SQL and the migrations do not
 * change. The names are generic parameters, so the tables' TypeScript types do not change either.
 * Not exported from ./index: these are ways to write tables, not tables.
 */
import { bigserial, boolean, integer, jsonb, serial, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { LocalizedText } from "../types";

/** A text primary key `id`, made by the code that inserts the row. */
export function textId() {
  return text("id").primaryKey();
}

/** An integer primary key `id` the database counts up. */
export function serialId() {
  return serial("id").primaryKey();
}

/** A 64-bit primary key `id` the database counts up, for logs that grow without end (read as a number). */
export function bigserialId() {
  return bigserial("id", { mode: "number" }).primaryKey();
}

/** An instant: `timestamp with time zone`, read as a Date. Null unless chained with `.notNull()`. */
export function timestamptz<TName extends string>(name: TName) {
  return timestamp(name, { withTimezone: true, mode: "date" });
}

/** When the row was inserted. */
export function createdAt() {
  return timestamptz("created_at").notNull().defaultNow();
}

/** When the row last changed: the writer sets it on every update (the default covers the insert). */
export function updatedAt() {
  return timestamptz("updated_at").notNull().defaultNow();
}

/** `createdAt` and `updatedAt`, in that order, to spread into a table's columns. */
export function timestamps() {
  return { createdAt: createdAt(), updatedAt: updatedAt() };
}

/**
 * A required text key to the row that owns this one: deleting the owner deletes this row too
 * (ON DELETE CASCADE).
 */
export function ownedBy<TName extends string>(name: TName, owner: () => AnyPgColumn) {
  return text(name).notNull().references(owner, { onDelete: "cascade" });
}

/** A required text key to a row that may not be deleted while this one points at it (no action on delete). */
export function refersTo<TName extends string>(name: TName, target: () => AnyPgColumn) {
  return text(name).notNull().references(target);
}

/** An amount of money in minor units (halalas for SAR, cents, …) of the row's currency. Null unless chained with `.notNull()`. */
export function money<TName extends string>(name: TName) {
  return integer(name);
}

/** The ISO 4217 code of the currency the row's amounts are in. */
export function currency() {
  return text("currency").notNull();
}

/** The URL segment a storefront page is found by (each table keeps it unique with its own index). */
export function slug() {
  return text("slug").notNull();
}

/** The locale (en, ru, zh, ar) the row was written in or is to be answered in. */
export function locale() {
  return text("locale").notNull();
}

/** Visitor-facing text in every locale: a jsonb map { en, ru, zh, ar }. */
export function localizedText<TName extends string>(name: TName) {
  return jsonb(name).$type<LocalizedText>().notNull();
}

/** A list of codes, ids or times as a jsonb array of strings. */
export function stringList<TName extends string>(name: TName) {
  return jsonb(name).$type<string[]>().notNull();
}

/** A free-form jsonb object (a contact block, an event's detail, a webhook's payload). */
export function jsonRecord<TName extends string>(name: TName) {
  return jsonb(name).$type<Record<string, unknown>>().notNull();
}

/** A yes/no setting or fact with the value a new row gets. */
export function flag<TName extends string>(name: TName, initial: boolean) {
  return boolean(name).notNull().default(initial);
}

/** A count that starts at zero. */
export function counter<TName extends string>(name: TName) {
  return integer(name).notNull().default(0);
}

/** Where a row sorts among its siblings (lower first). */
export function sortOrder() {
  return integer("sort_order").notNull().default(0);
}

/**
 * A single-use link's token for the user `owner` names, stored hashed (the link carries the token, so a
 * leaked table opens nothing): when it lapses, when it was spent (null until then) and when it was made.
 */
export function singleUseToken(owner: () => AnyPgColumn) {
  return {
    tokenHash: text("token_hash").primaryKey(),
    userId: ownedBy("user_id", owner),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  };
}
