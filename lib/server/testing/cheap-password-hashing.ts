import { setPasswordHashingForTests } from "@/lib/server/auth/password";

/**
 * vitest's setup file: the unit suite hashes passwords at a cheap scrypt cost. Test accounts and
 * sign-ins are everywhere and their hashing is what no test is about; the production cost is
 * checked in auth.test.ts ("stored passwords"), and processes the tests spawn keep it.
 */
setPasswordHashingForTests("cheap");
