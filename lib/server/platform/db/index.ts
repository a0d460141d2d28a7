export { getDb, setDbForTests, closeDb } from "./get-db";
export { nowMs, toMs, toMsOrNull } from "./epoch";
export { isUniqueViolation } from "./unique-violation";
export { openDatabase, type OpenDatabase } from "./open-database";
export { databaseTarget, postgresTarget, type DatabaseTarget } from "./database-target";
// Test helper (createTestDatabase) lives in ./test-database: import it from there, tests only.
export type { PrismaClient } from "@/prisma/generated/client";
export { Prisma } from "@/prisma/generated/client";
export { inTransaction, type TransactionOptions } from "./transaction-scope";
export { lockNumberSeries, lockSeries, seriesLockKey, seriesLockKeys } from "./series-lock";
export type { RawSql } from "./db-or-tx";
