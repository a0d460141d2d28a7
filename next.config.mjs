/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/Node-only packages stay outside the server bundle.
  serverExternalPackages: [
    "xml-crypto",
    "@xmldom/xmldom",
    "node-forge",
    "pino",
    "libxml2-wasm",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pg",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
  ],
  poweredByHeader: false,
  // The browser tests build into their own directory (playwright.config.ts), so a developer's
  // `next build` or `next dev` never swaps the build under a running test server.
  ...(process.env.ANULA_DIST_DIR ? { distDir: process.env.ANULA_DIST_DIR } : {}),
};

export default nextConfig;
