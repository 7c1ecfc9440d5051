/**
 * The relational model, one file per area, following OCTO (supplier → product → option → unit;
 * availability; bookings with unit items) plus the discovery attributes the storefront filters on.
 * Import it as `#app/db/schema`; drizzle.config.ts reads the folder.
 *
 * Enumerations are text columns checked in code rather than Postgres enums: generated enum DDL is
 * schema-qualified ("public"), and plain text keeps one migration set portable between PGlite and a
 * server. Visitor-facing text is a jsonb map { en, ru, zh, ar }.
 */
export * from "./catalogue";
export * from "./booking";
export * from "./site";
export * from "./commerce";
export * from "./payments";
export * from "./octo";
export * from "./accounts";
export * from "./ops";
export * from "./staff";
export * from "./invoicing";
export * from "./resources";
